/** One error class for every rule a service enforces (DESIGN §2). */
import { errorStatus, type ErrorBody, type ErrorCode } from "@balcao/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
    status?: number,
  ) {
    super(code);
    this.status = status ?? errorStatus[code];
  }
  /** Fields the body carries beside `error` (ERR_FLOW_INVALID's nodeId, at the top level as issue 18 has it). */
  body: Pick<ErrorBody, "nodeId"> = {};
}

const PG_UNIQUE_VIOLATION = "23505";

/** Unique indexes whose violation is a catalogue error rather than a crash. */
const uniqueIndexCodes: Record<string, ErrorCode> = {
  users_email_lower_uq: "ERR_EMAIL_ALREADY_EXISTS",
  companies_name_lower_uq: "ERR_COMPANY_NAME_ALREADY_EXISTS",
  plans_name_unique: "ERR_PLAN_NAME_ALREADY_EXISTS",
  queues_company_color_uq: "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  contacts_company_number_uq: "ERR_DUPLICATED_CONTACT",
  tags_company_name_uq: "ERR_DUPLICATED_TAG",
  whatsapps_token_hash_uq: "ERR_WAPP_TOKEN_ALREADY_EXISTS",
  flow_campaigns_active_phrase_uq: "ERR_FLOW_CAMPAIGN_PHRASE_TAKEN",
};

function uniqueViolation(err: unknown): ErrorCode | undefined {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string; message?: string };
  if (pgErr?.code !== PG_UNIQUE_VIOLATION) return undefined;
  const name = pgErr.constraint ?? Object.keys(uniqueIndexCodes).find((k) => pgErr.message?.includes(k));
  return name ? uniqueIndexCodes[name] : undefined;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body);
}

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return send(reply, err.status, { error: err.code, ...err.body, ...(err.details ? { details: err.details } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, "").replace(/\//g, "."),
      message: v.message ?? "invalid",
    }));
    return send(reply, 400, { error: "ERR_VALIDATION", fields });
  }
  if (err instanceof ZodError) {
    const fields = err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return send(reply, 400, { error: "ERR_VALIDATION", fields });
  }
  const fe = err as FastifyError;
  if (fe.code === "FST_ERR_CTP_INVALID_JSON_BODY" || fe.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return send(reply, 400, { error: "ERR_INVALID_JSON" });
  }
  if (fe.code === "FST_ERR_CTP_BODY_TOO_LARGE" || fe.statusCode === 413) {
    return send(reply, 413, { error: "ERR_PAYLOAD_TOO_LARGE" });
  }
  if (fe.statusCode === 429) return send(reply, 429, { error: "ERR_TOO_MANY_REQUESTS" });
  if (fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return send(reply, 415, { error: "ERR_VALIDATION" });
  const unique = uniqueViolation(err);
  if (unique) return send(reply, errorStatus[unique], { error: unique });
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return send(reply, fe.statusCode, { error: fe.statusCode === 404 ? "ERR_NOT_FOUND" : "ERR_VALIDATION" });
  }
  req.log.error({ err }, "unhandled error");
  return send(reply, 500, { error: "ERR_INTERNAL_SERVER_ERROR" });
}
