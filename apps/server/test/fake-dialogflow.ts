/**
 * Google's OAuth token endpoint and Dialogflow ES v2 detect intent on
 * 127.0.0.1, for tests and the end-to-end run, built from Google's reference
 * ("Using OAuth 2.0 for Server to Server Applications"; REST
 * projects.agent.sessions.detectIntent):
 *
 *   POST /token  form grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, assertion=<JWT RS256>
 *                the JWT's signature is verified with the public key of its `iss` (a service account this
 *                fake made), its aud must be this URL, exp in the future
 *                → {access_token, expires_in: 3599, token_type: "Bearer"}
 *                | 400 {error: "invalid_grant", error_description}
 *   POST /v2/projects/{project}/agent/sessions/{session}:detectIntent
 *                Authorization: Bearer <a token it issued>, {queryInput: {text: {text, languageCode}}}
 *                → {responseId, queryResult: {queryText, languageCode, fulfillmentText, fulfillmentMessages:
 *                   [{text: {text: [..]}}], intent: {name, displayName, endInteraction}, intentDetectionConfidence}}
 *                | 401 UNAUTHENTICATED | 403 PERMISSION_DENIED (a project the account may not use)
 *
 * Intents: `intents` matched by the query text (lower-cased, contains), else the fallback.
 */
import { createPublicKey, generateKeyPairSync, randomUUID, verify, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { json, readBody } from "./fake-graph-http.js";

export interface FakeIntent {
  /** Matched when the query text contains it (lower-cased). */
  phrase: string;
  displayName: string;
  texts: string[];
  endInteraction?: boolean;
}

export interface DetectIntentCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
  authorization: string;
}

export interface TokenCall {
  iss: string;
  aud: string;
  scope: string;
  kid: string | undefined;
  signatureValid: boolean;
}

export interface FakeServiceAccount {
  json: string;
  clientEmail: string;
  projectId: string;
  privateKeyPem: string;
  publicKey: KeyObject;
}

export interface FakeDialogflow {
  url: string;
  tokenUri: string;
  tokenCalls: TokenCall[];
  detectCalls: DetectIntentCall[];
  intents: FakeIntent[];
  /** A service account this fake trusts, for `projectId` (its token_uri is this fake's). */
  account(projectId?: string): FakeServiceAccount;
  /** While set, detect intent answers this status (503: the agent is down). */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** A service account JSON of Google's shape, signed by a fresh key (not trusted by any fake until registered). */
export function serviceAccount(opts: { tokenUri: string; projectId?: string }): FakeServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const projectId = opts.projectId ?? `agente-${randomUUID().slice(0, 8)}`;
  const clientEmail = `balcao@${projectId}.iam.gserviceaccount.com`;
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const json = JSON.stringify(
    {
      type: "service_account",
      project_id: projectId,
      private_key_id: randomUUID().replace(/-/g, ""),
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: "1234567890",
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: opts.tokenUri,
    },
    null,
    2,
  );
  return { json, clientEmail, projectId, privateKeyPem, publicKey };
}

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } });

const claimText = (v: unknown) => (typeof v === "string" ? v : "");

function decodeJwt(jwt: string) {
  const [h, c, sig] = jwt.split(".");
  if (!h || !c || !sig) return undefined;
  try {
    const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string; kid?: string };
    const claims = JSON.parse(Buffer.from(c, "base64url").toString()) as Record<string, unknown>;
    return { header, claims, signed: `${h}.${c}`, signature: Buffer.from(sig, "base64url") };
  } catch {
    return undefined;
  }
}

export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  /** client_email → the account's public key and the projects it may use. */
  const accounts = new Map<string, { publicKey: KeyObject; projectId: string }>();
  const tokens = new Map<string, string>();
  const fake: FakeDialogflow = {
    url: "",
    tokenUri: "",
    tokenCalls: [],
    detectCalls: [],
    intents: [],
    failWith: undefined,
    account(projectId) {
      const made = serviceAccount({ tokenUri: fake.tokenUri, projectId });
      accounts.set(made.clientEmail, { publicKey: createPublicKey(made.privateKeyPem), projectId: made.projectId });
      return made;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req)).toString());
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      return json(res, 400, { error: "unsupported_grant_type", error_description: "Invalid grant_type" });
    }
    const jwt = decodeJwt(form.get("assertion") ?? "");
    if (!jwt || jwt.header.alg !== "RS256")
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT" });
    const iss = claimText(jwt.claims.iss);
    const account = accounts.get(iss);
    const signatureValid =
      account !== undefined && verify("RSA-SHA256", Buffer.from(jwt.signed), account.publicKey, jwt.signature);
    fake.tokenCalls.push({
      iss,
      aud: claimText(jwt.claims.aud),
      scope: claimText(jwt.claims.scope),
      kid: jwt.header.kid,
      signatureValid,
    });
    if (!account)
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid grant: account not found" });
    if (!signatureValid) return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    if (jwt.claims.aud !== fake.tokenUri || Number(jwt.claims.exp) * 1000 < Date.now()) {
      return json(res, 400, {
        error: "invalid_grant",
        error_description: "Invalid JWT: Token must be a short-lived token",
      });
    }
    const accessToken = `ya29.${randomUUID()}`;
    tokens.set(accessToken, iss);
    json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
  }

  async function detectIntent(req: IncomingMessage, res: ServerResponse, project: string, session: string) {
    const body = JSON.parse((await readBody(req)).toString() || "{}") as {
      queryInput?: { text?: { text?: string; languageCode?: string } };
    };
    const authorization = req.headers.authorization ?? "";
    const text = body.queryInput?.text?.text ?? "";
    const languageCode = body.queryInput?.text?.languageCode ?? "";
    fake.detectCalls.push({ project, session, text, languageCode, authorization });
    const iss = tokens.get(authorization.replace(/^Bearer /, ""));
    if (!iss) return googleError(res, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    if (accounts.get(iss)?.projectId !== project) {
      return googleError(
        res,
        403,
        "PERMISSION_DENIED",
        `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${project}/agent' denied.`,
      );
    }
    if (fake.failWith) return googleError(res, fake.failWith, "UNAVAILABLE", "The service is currently unavailable.");
    if (!text || !languageCode) return googleError(res, 400, "INVALID_ARGUMENT", "Input text not set.");
    const intent = fake.intents.find((i) => text.toLowerCase().includes(i.phrase.toLowerCase())) ?? {
      phrase: "",
      displayName: "Default Fallback Intent",
      texts: ["Desculpe, não entendi."],
    };
    json(res, 200, {
      responseId: randomUUID(),
      queryResult: {
        queryText: text,
        languageCode,
        allRequiredParamsPresent: true,
        fulfillmentText: intent.texts[0] ?? "",
        fulfillmentMessages: intent.texts.map((t) => ({ text: { text: [t] } })),
        intent: {
          name: `projects/${project}/agent/intents/${randomUUID()}`,
          displayName: intent.displayName,
          ...(intent.endInteraction ? { endInteraction: true } : {}),
        },
        intentDetectionConfidence: 1,
      },
    });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    if (req.method === "POST" && path === "/token") return void token(req, res);
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (req.method === "POST" && m)
      return void detectIntent(req, res, decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
    googleError(res, 404, "NOT_FOUND", "Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.tokenUri = `${fake.url}/token`;
  return fake;
}
