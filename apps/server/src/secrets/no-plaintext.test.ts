/**
 * No stored key in plain text (issue 17 item 2): every kind of secret is saved
 * through the API as a client saves it, created and then changed, and the
 * database is read back: the secret's text appears nowhere in its table, and
 * its column holds it encrypted (it decrypts to what was sent, so the test
 * cannot pass by storing nothing).
 *
 * Another area's secret: add ONE entry to `secretKinds` below ({what, table,
 * column, save}); `save(w, plain)` stores `plain` through your API (call it
 * twice: create, then change). Prompt apiKey, Dialogflow private_key and
 * integration signing secrets belong here.
 */
import { randomBytes } from "node:crypto";
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.js";
import { connectionsTestEnv, createConnection, updateConnection } from "../../test/connections.js";
import { buildTenant, login } from "../../test/factories.js";
import { ADMIN, type TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { decryptSecret, isEncrypted, lookupHash } from "./index.js";

let s: TestServer;
serverPerFile((started) => (s = started), { ...connectionsTestEnv, ALLOW_PRIVATE_OUTBOUND: "true" });

interface World {
  s: TestServer;
  tenant: Awaited<ReturnType<typeof buildTenant>>;
  superToken: string;
  /** Ids the kinds' saves made, by kind (an update finds its row here). */
  ids: Map<string, number>;
}

interface SecretKind {
  what: string;
  table: string;
  column: string;
  /** The row the secret is in: `where` over the table, e.g. sql`id = ${id}` (default: the id `save` returned). */
  row?: (w: World, id: number) => ReturnType<typeof sql>;
  /** Stores `plain` through the API (the first call creates, the second changes it); answers the row's id. */
  save: (w: World, plain: string) => Promise<number>;
}

function ok<T>(res: { statusCode: number; body: string; json(): T }): T {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

const cloud = { provider: "cloud", cloudPhoneNumberId: "109876543210" };

/** The connection's credentials as the modal saves them: created once, then changed one field at a time. */
function connectionSecret(
  field: "cloudAccessToken" | "cloudAppSecret" | "cloudVerifyToken" | "token",
): SecretKind["save"] {
  return async (w, plain) => {
    const id = w.ids.get(field);
    const fields = {
      ...cloud,
      cloudAccessToken: `EAAG-${randomBytes(8).toString("hex")}`,
      cloudAppSecret: randomBytes(12).toString("hex"),
      cloudVerifyToken: randomBytes(12).toString("hex"),
      [field]: plain,
    };
    const saved = id
      ? ok<{ id: number }>(await updateConnection(w.s, w.tenant.admin.token, id, { [field]: plain }))
      : ok<{ id: number }>(await createConnection(w.s, w.tenant.admin.token, fields));
    w.ids.set(field, saved.id);
    return saved.id;
  };
}

function platformSetting(key: "asaas" | "asaasWebhookToken"): SecretKind["save"] {
  return async (w, plain) => {
    ok(
      await w.s.request({ method: "PUT", path: `/settings/${key}`, token: w.superToken, body: { key, value: plain } }),
    );
    return PLATFORM_COMPANY_ID;
  };
}

const settingRow = (key: string) => (_w: World, companyId: number) => sql`company_id = ${companyId} and key = ${key}`;

const secretKinds: SecretKind[] = [
  {
    what: "Cloud API access token",
    table: "whatsapps",
    column: "cloud_access_token",
    save: connectionSecret("cloudAccessToken"),
  },
  {
    what: "Cloud API app secret",
    table: "whatsapps",
    column: "cloud_app_secret",
    save: connectionSecret("cloudAppSecret"),
  },
  {
    what: "Cloud API verify token",
    table: "whatsapps",
    column: "cloud_verify_token",
    save: connectionSecret("cloudVerifyToken"),
  },
  { what: "external API token", table: "whatsapps", column: "token", save: connectionSecret("token") },
  {
    what: "Asaas access token",
    table: "settings",
    column: "value",
    row: settingRow("asaas"),
    save: platformSetting("asaas"),
  },
  {
    what: "Asaas webhook token",
    table: "settings",
    column: "value",
    row: settingRow("asaasWebhookToken"),
    save: platformSetting("asaasWebhookToken"),
  },
  {
    what: "Dialogflow service account (private_key)",
    table: "queue_integrations",
    column: "json_content",
    save: async (w, plain) => {
      const id = w.ids.get("dialogflow");
      const body = {
        type: "dialogflow",
        name: "Agente",
        projectName: "agente",
        jsonContent: JSON.stringify({
          type: "service_account",
          client_email: "a@agente.iam.gserviceaccount.com",
          private_key: plain,
        }),
      };
      const saved = ok<{ id: number }>(
        await w.s.request({
          method: id ? "PUT" : "POST",
          path: id ? `/queueIntegration/${id}` : "/queueIntegration",
          token: w.tenant.admin.token,
          body,
        }),
      );
      w.ids.set("dialogflow", saved.id);
      return saved.id;
    },
  },
  {
    what: "AI prompt API key",
    table: "prompts",
    column: "api_key",
    save: async (w, plain) => {
      const token = w.tenant.admin.token;
      let queueId = w.ids.get("promptQueue");
      if (!queueId) {
        const queue = { name: "IA", color: `#${randomBytes(3).toString("hex")}` };
        queueId = ok<{ id: number }>(await w.s.request({ method: "POST", path: "/queue", token, body: queue })).id;
        w.ids.set("promptQueue", queueId);
      }
      const id = w.ids.get("prompt");
      const body = {
        name: "Atendente IA",
        prompt: "Você é a atendente virtual da loja. Responda com educação e em poucas palavras.",
        queueId,
        model: "gpt-4o-mini",
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        apiKey: plain,
      };
      const saved = ok<{ id: number }>(
        await w.s.request({ method: id ? "PUT" : "POST", path: id ? `/prompt/${id}` : "/prompt", token, body }),
      );
      w.ids.set("prompt", saved.id);
      return saved.id;
    },
  },
  // Add yours here (one entry): integrations' signing secret…
];

/** Every row of the table as text, the secret's own row included. */
async function tableText(table: string): Promise<string> {
  const rows = await rowsOf<{ row: string }>(s.ctx.db, sql`select t::text as row from ${sql.identifier(table)} t`);
  return rows.map((r) => r.row).join("\n");
}

async function storedValue(kind: SecretKind, w: World, id: number): Promise<string> {
  const where = kind.row ? kind.row(w, id) : sql`id = ${id}`;
  const [row] = await rowsOf<{ value: string }>(
    s.ctx.db,
    sql`select ${sql.identifier(kind.column)} as value from ${sql.identifier(kind.table)} where ${where}`,
  );
  if (!row) throw new Error(`no ${kind.table} row for ${kind.what}`);
  return row.value;
}

describe("secrets in the database", () => {
  it.each(secretKinds.map((k) => [k.what, k] as const))(
    "%s: stored encrypted, created and changed",
    async (_, kind) => {
      const w: World = {
        s,
        tenant: await buildTenant(s),
        superToken: (await login(s, ADMIN.email, ADMIN.password)).token,
        ids: new Map(),
      };
      for (const step of ["created", "changed"]) {
        const plain = `${step}-${kind.column}-${randomBytes(16).toString("hex")}`;
        const id = await kind.save(w, plain);
        const stored = await storedValue(kind, w, id);
        expect(isEncrypted(stored), `${kind.what} ${step}`).toBe(true);
        expect(decryptSecret(stored)).toContain(plain);
        expect(await tableText(kind.table), `${kind.what} ${step}: in plain text in ${kind.table}`).not.toContain(
          plain.slice(-24),
        );
      }
    },
  );

  it("the external API token is found by its look-up hash, and the hash is all that is comparable", async () => {
    const t = await buildTenant(s);
    const token = randomBytes(24).toString("hex");
    const { id } = ok<{ id: number }>(await createConnection(s, t.admin.token, { token }));
    const [row] = await rowsOf<{ token: string; token_hash: string }>(
      s.ctx.db,
      sql`select token, token_hash from whatsapps where id = ${id}`,
    );
    expect(row!.token_hash).toBe(lookupHash(token));
    expect(row!.token_hash).not.toContain(token);
    // Editors still read it whole (core-platform §2.17: the modal edits it).
    expect(ok<{ token: string }>(await s.request({ path: `/whatsapp/${id}`, token: t.admin.token })).token).toBe(token);
  });
});
