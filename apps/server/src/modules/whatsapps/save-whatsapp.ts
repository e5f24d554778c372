/**
 * POST /whatsapp and PUT /whatsapp/{id}: the connection modal's save
 * (core-platform §2.17, §4.3, §5, §8).
 *
 * - The company's first connection is the default whatever is sent; saving one
 *   with isDefault unsets the others; the default cannot be switched off (there
 *   must be one: ERR_NO_OTHER_WHATSAPP).
 * - More than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED).
 * - Queues, the redirection queue and the transfer queue are the company's own
 *   (ERR_NOT_FOUND with the field, as another company's queue answers); so are the
 *   welcome and default flows (flowIdWelcome, flowIdNotPhrase; issue 18).
 * - The plan's connections limit (ERR_PLAN_LIMIT_REACHED).
 * - The external API token is unique platform-wide (ERR_WAPP_TOKEN_ALREADY_EXISTS). Since that answer
 *   tells whether another company uses a token, a save that sets a new one first takes a guess
 *   (`guess`: the route counts it with the external API's wrong tokens; issue 29 item 8).
 * - A cloud connection needs its four credentials (ERR_VALIDATION with the field).
 * - Cloud secrets and the token are stored encrypted (the token also as its look-up hash);
 *   sent back in their masked form they keep the stored value.
 */
import { randomBytes } from "node:crypto";
import { cloudCredentialFields, type WhatsappDto, type WhatsappSave } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import type { EventTransaction } from "../../events/bus.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { keepOrReplace, lookupHash } from "../../secrets/index.js";
import type { AccessClaims } from "../auth/tokens.js";
import { assertPlanLimit } from "../plans/plan-gate.js";
import { mergeSchedules } from "../queues/merge-schedules.js";
import { countOwnFlows } from "../flows/flows.queries.js";
import { assertOwnPrompt } from "../prompts/prompts.service.js";
import { assertIntegrationOfCompany } from "../queue-integrations/queue-integrations.service.js";
import { countOwnQueues } from "../users/users.queries.js";
import { loadWhatsapp, restartChannel, showWhatsapp } from "./whatsapps.service.js";
import {
  clearOtherDefaults,
  countWhatsapps,
  findWhatsapp,
  lockCompanyConnections,
  queuesByWhatsapp,
  writeWhatsappQueues,
  type WhatsappRow,
} from "./whatsapps.queries.js";

type Columns = Partial<typeof whatsapps.$inferInsert>;

const plainFields = [
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "provider",
  "sendIdQueue",
  "timeSendQueue",
  "timeUseBotQueues",
  "maxUseBotQueues",
  "transferQueueId",
  "timeToTransfer",
  "expiresTicket",
  "expiresInactiveMessage",
  "promptId",
  "integrationId",
  "flowIdWelcome",
  "flowIdNotPhrase",
  "cloudPhoneNumberId",
] as const;

/** Stored encrypted; written only when sent and not the masked form of what is stored. */
const secretFields = ["token", "cloudAccessToken", "cloudAppSecret", "cloudVerifyToken"] as const;

/** The columns a save writes; on update, fields the client left out stay as they are. */
function changes(input: WhatsappSave, current: WhatsappRow | undefined): Columns {
  const set: Columns = { name: input.name };
  for (const field of plainFields) {
    if (input[field] !== undefined) Object.assign(set, { [field]: input[field] });
  }
  for (const field of secretFields) {
    const stored = current?.[field] ?? "";
    const next = keepOrReplace(input[field], stored);
    if (next !== stored) set[field] = next;
  }
  // A new token is found by its hash (external-api/api-token.ts), unique platform-wide.
  if (set.token !== undefined) set.tokenHash = lookupHash(input.token ?? "");
  if (input.schedules !== undefined || !current)
    set.schedules = mergeSchedules(current?.schedules ?? [], input.schedules);
  return set;
}

/** Another company's queue (or an unknown one) answers as if it did not exist, naming the field. */
async function assertOwnQueueRefs(ctx: Context, companyId: number, input: WhatsappSave) {
  const wanted = [...new Set(input.queueIds ?? [])];
  if ((await countOwnQueues(ctx.db, companyId, wanted)) !== wanted.length) {
    throw new AppError("ERR_NOT_FOUND", { field: "queueIds" });
  }
  for (const field of ["sendIdQueue", "transferQueueId"] as const) {
    const id = input[field];
    if (id && (await countOwnQueues(ctx.db, companyId, [id])) !== 1) throw new AppError("ERR_NOT_FOUND", { field });
  }
}

/** The welcome and default flows: none, or the company's own (another company's answers as if it did not exist). */
async function assertOwnFlows(ctx: Context, companyId: number, input: WhatsappSave) {
  for (const field of ["flowIdWelcome", "flowIdNotPhrase"] as const) {
    const id = input[field];
    if (id && (await countOwnFlows(ctx.db, companyId, [id])) !== 1) throw new AppError("ERR_NOT_FOUND", { field });
  }
}

type SavedShape = Pick<WhatsappRow, "greetingMessage" | "provider" | (typeof cloudCredentialFields)[number]>;

/** The rules on the connection as it will be once saved. */
function assertSavedShape(saved: SavedShape, queueCount: number) {
  if (queueCount > 1 && !saved.greetingMessage.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
  if (saved.provider !== "cloud") return;
  for (const field of cloudCredentialFields) {
    if (!saved[field]) throw new AppError("ERR_VALIDATION", { field });
  }
}

async function checkInput(ctx: Context, companyId: number, input: WhatsappSave) {
  await assertOwnPrompt(ctx, companyId, input.promptId);
  await assertOwnQueueRefs(ctx, companyId, input);
  await assertIntegrationOfCompany(ctx.db, companyId, input.integrationId);
  await assertOwnFlows(ctx, companyId, input);
}

/** What a new connection holds before its values (the column defaults the rules read). */
const unsaved: SavedShape = {
  greetingMessage: "",
  provider: "beta",
  cloudPhoneNumberId: "",
  cloudAccessToken: "",
  cloudAppSecret: "",
  cloudVerifyToken: "",
};

/** A new external API token: 32 random bytes, 43 url-safe characters (the rule is 32+). */
export function generateApiToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Counts a save that is about to tell whether a token exists; throws when the caller has guessed enough. */
export type TokenGuess = () => Promise<void>;

/** A save that sets a token other than the stored one (an emptied token tells nothing). */
async function guessIfNewToken(values: Columns, current: WhatsappRow | undefined, guess: TokenGuess) {
  if (values.tokenHash && values.tokenHash !== current?.tokenHash) await guess();
}

/** The one saved first, then those it took the default from: the order the page applies them in. */
function recordSaved(e: EventTransaction, companyId: number, id: number, cleared: number[]) {
  for (const whatsappId of [id, ...cleared]) e.record("whatsapp.saved", { companyId, whatsappId });
}

export async function createWhatsapp(
  ctx: Context,
  who: AccessClaims,
  input: WhatsappSave,
  guess: TokenGuess,
): Promise<WhatsappDto> {
  const companyId = who.companyId;
  await checkInput(ctx, companyId, input);
  const values = changes(input, undefined);
  const queueIds = [...new Set(input.queueIds ?? [])];
  assertSavedShape({ ...unsaved, ...values }, queueIds.length);
  await guessIfNewToken(values, undefined, guess);
  const id = await ctx.events.transaction(async (e) => {
    await lockCompanyConnections(e.db, companyId);
    const existing = await countWhatsapps(e.db, companyId);
    await assertPlanLimit(e.db, companyId, "connections", existing);
    // The first connection is the default whatever is sent: one must exist (§4.3).
    const isDefault = existing === 0 || input.isDefault === true;
    const [row] = await e.db
      .insert(whatsapps)
      .values({ ...values, name: input.name, companyId, isDefault, status: "DISCONNECTED" })
      .returning({ id: whatsapps.id });
    await writeWhatsappQueues(e.db, row!.id, queueIds);
    recordSaved(e, companyId, row!.id, isDefault ? await clearOtherDefaults(e.db, companyId, row!.id) : []);
    return row!.id;
  });
  restartChannel(ctx, id, "saved");
  return showWhatsapp(ctx, who, id);
}

export async function updateWhatsapp(
  ctx: Context,
  who: AccessClaims,
  id: number,
  input: WhatsappSave,
  guess: TokenGuess,
): Promise<WhatsappDto> {
  const companyId = who.companyId;
  await loadWhatsapp(ctx, companyId, id);
  await checkInput(ctx, companyId, input);
  await ctx.events.transaction(async (e) => {
    await lockCompanyConnections(e.db, companyId);
    const current = await findWhatsapp(e.db, companyId, id);
    if (!current) throw new AppError("ERR_NO_WAPP_FOUND");
    const values = changes(input, current);
    const queueIds = input.queueIds
      ? [...new Set(input.queueIds)]
      : ((await queuesByWhatsapp(e.db, companyId, [id])).get(id) ?? []).map((q) => q.id);
    assertSavedShape({ ...current, ...values }, queueIds.length);
    // The default stays on until another connection is made the default.
    if (input.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
    await guessIfNewToken(values, current, guess);
    const isDefault = current.isDefault || input.isDefault === true;
    await e.db
      .update(whatsapps)
      .set({ ...values, isDefault, updatedAt: new Date() })
      .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    if (input.queueIds) await writeWhatsappQueues(e.db, id, queueIds);
    recordSaved(e, companyId, id, isDefault ? await clearOtherDefaults(e.db, companyId, id) : []);
  });
  restartChannel(ctx, id, "saved");
  return showWhatsapp(ctx, who, id);
}
