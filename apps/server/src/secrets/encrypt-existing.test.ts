/**
 * Secrets stored before encryption (an older install's rows) are encrypted at
 * start (issue 17 item 2: "a migration encrypts existing rows"), and everything
 * that reads them goes on working: the external API finds its connection by the
 * token, editors read the token whole, Asaas' webhook token still matches.
 */
import { randomBytes } from "node:crypto";
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.js";
import { connectionsTestEnv } from "../../test/connections.js";
import { buildTenant, login } from "../../test/factories.js";
import { ADMIN, type TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { TEST_SECRETS_KEY } from "../../test/secrets-key.js";
import { encryptExistingSecrets } from "./encrypt-existing.js";
import { decryptSecret, initSecrets, isEncrypted, lookupHash, parseSecretsKey } from "./index.js";
import { WrongSecretsKey } from "./key-check.js";

let s: TestServer;
serverPerFile((started) => (s = started), connectionsTestEnv);

interface Row {
  token: string;
  token_hash: string;
  cloud_access_token: string;
  cloud_app_secret: string;
  cloud_verify_token: string;
}

const hex = (n: number) => randomBytes(n).toString("hex");
const rowOf = async (id: number) =>
  (
    await rowsOf<Row>(
      s.ctx.db,
      sql`select token, token_hash, cloud_access_token, cloud_app_secret, cloud_verify_token from whatsapps where id = ${id}`,
    )
  )[0]!;
const settingOf = async (key: string) =>
  (
    await rowsOf<{ value: string }>(
      s.ctx.db,
      sql`select value from settings where company_id = ${PLATFORM_COMPANY_ID} and key = ${key}`,
    )
  )[0]!.value;

describe("secrets stored in plain text by an earlier version", () => {
  it("are encrypted at start, once, and read as before", async () => {
    const t = await buildTenant(s);
    const legacy = {
      token: hex(20),
      access: `EAAG${hex(10)}`,
      app: hex(16),
      verify: hex(8),
      asaas: `$aact_${hex(12)}`,
    };
    const [{ id }] = (await rowsOf<{ id: number }>(
      s.ctx.db,
      sql`insert into whatsapps (company_id, name, provider, token, cloud_phone_number_id, cloud_access_token,
            cloud_app_secret, cloud_verify_token)
          values (${t.company.id}, 'Antiga', 'cloud', ${legacy.token}, '109876543219', ${legacy.access},
            ${legacy.app}, ${legacy.verify}) returning id`,
    )) as [{ id: number }];
    await s.ctx.db.execute(
      sql`update settings set value = ${legacy.asaas} where company_id = ${PLATFORM_COMPANY_ID} and key = 'asaas'`,
    );

    await encryptExistingSecrets(s.ctx.db, s.ctx.log);

    const row = await rowOf(id);
    for (const [column, plain] of [
      ["token", legacy.token],
      ["cloud_access_token", legacy.access],
      ["cloud_app_secret", legacy.app],
      ["cloud_verify_token", legacy.verify],
    ] as const) {
      expect(isEncrypted(row[column]), column).toBe(true);
      expect(decryptSecret(row[column])).toBe(plain);
    }
    expect(row.token_hash).toBe(lookupHash(legacy.token));
    expect(decryptSecret(await settingOf("asaas"))).toBe(legacy.asaas);

    // A second start changes nothing.
    await encryptExistingSecrets(s.ctx.db, s.ctx.log);
    expect(await rowOf(id)).toEqual(row);

    // The external API finds the connection by its token (not running: 400, where an unknown token is 401).
    const send = (token: string) =>
      s.request({ method: "POST", path: "/messages/send", token, body: { number: "5511999990000", body: "Oi" } });
    expect((await send(legacy.token)).json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect((await send(hex(20))).statusCode).toBe(401);
    // Editors read the token whole, and the credentials masked.
    const shown = await s.request({ path: `/whatsapp/${id}`, token: t.admin.token });
    expect(shown.json()).toMatchObject({ token: legacy.token, cloudAppSecret: `••••${legacy.app.slice(-4)}` });
    const superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
    const asaas = await s.request({ path: "/settings", token: superToken });
    expect(asaas.json()).toContainEqual({ key: "asaas", value: `••••${legacy.asaas.slice(-4)}` });
  });

  it("are left alone by a start with another key, which is refused", async () => {
    const t = await buildTenant(s);
    const plain = `EAAG${hex(10)}`;
    const [{ id }] = (await rowsOf<{ id: number }>(
      s.ctx.db,
      sql`insert into whatsapps (company_id, name, cloud_access_token) values (${t.company.id}, 'Antiga', ${plain})
          returning id`,
    )) as [{ id: number }];
    initSecrets(randomBytes(32));
    try {
      await expect(encryptExistingSecrets(s.ctx.db, s.ctx.log)).rejects.toThrow(WrongSecretsKey);
    } finally {
      initSecrets(parseSecretsKey(TEST_SECRETS_KEY)!);
    }
    expect((await rowOf(id)).cloud_access_token).toBe(plain);
    await encryptExistingSecrets(s.ctx.db, s.ctx.log);
    expect(decryptSecret((await rowOf(id)).cloud_access_token)).toBe(plain);
  });
});
