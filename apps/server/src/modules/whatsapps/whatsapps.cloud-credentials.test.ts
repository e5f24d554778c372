/**
 * /whatsapp with a Cloud API connection (core-platform §2.17, §8): its four
 * credentials are required; the access token and app secret never leave the
 * server whole; the verify token, which the admin pastes into Meta, is read
 * whole by connection editors only (issue 30 item 4).
 */
import type { WhatsappDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { whatsapps } from "../../db/schema/index.js";
import { decryptSecret } from "../../secrets/index.js";
import { connectionsTestEnv, createConnection, updateConnection } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started), connectionsTestEnv);

describe("cloud credentials", () => {
  const secrets = {
    cloudPhoneNumberId: "109876543210",
    cloudAccessToken: "EAAGaccess-token-secret-4321",
    cloudAppSecret: "app-secret-value-abcd",
    cloudVerifyToken: "verify-me-please-9876",
  };
  /** The row's credentials as the server reads them (stored encrypted: secrets/no-plaintext.test.ts). */
  const stored = async (id: number) => {
    const row = (await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
    const { cloudPhoneNumberId, cloudAccessToken, cloudAppSecret, cloudVerifyToken } = row;
    return {
      cloudPhoneNumberId,
      cloudAccessToken: decryptSecret(cloudAccessToken),
      cloudAppSecret: decryptSecret(cloudAppSecret),
      cloudVerifyToken: decryptSecret(cloudVerifyToken),
    };
  };

  it("returns the secrets masked, the verify token whole to an admin, and a masked or omitted secret keeps the stored one", async () => {
    const t = await buildTenant(s);
    const res = await createConnection(s, t.admin.token, { provider: "cloud", ...secrets });
    expect(res.statusCode).toBe(200);
    const w = res.json<WhatsappDto>();
    expect(w).toMatchObject({
      provider: "cloud",
      cloudPhoneNumberId: "109876543210",
      cloudAccessToken: "••••4321",
      cloudAppSecret: "••••abcd",
      cloudVerifyToken: "verify-me-please-9876",
      webhookUrl: `https://balcao.example.com/api/webhooks/whatsapp/${w.id}`,
    });
    const shown = await s.request({ path: `/whatsapp/${w.id}`, token: t.admin.token });
    expect(shown.json<WhatsappDto>().cloudVerifyToken).toBe("verify-me-please-9876");
    for (const secret of [secrets.cloudAccessToken, secrets.cloudAppSecret]) {
      expect(res.body).not.toContain(secret);
      expect(shown.body).not.toContain(secret);
      expect((await s.request({ path: "/whatsapp", token: t.admin.token })).body).not.toContain(secret);
    }
    // The modal sends back what it read: nothing changes.
    const again = await updateConnection(s, t.admin.token, w.id, {
      provider: "cloud",
      cloudPhoneNumberId: w.cloudPhoneNumberId,
      cloudAccessToken: w.cloudAccessToken,
      cloudAppSecret: w.cloudAppSecret,
      cloudVerifyToken: undefined,
    });
    expect(again.statusCode).toBe(200);
    expect(await stored(w.id)).toMatchObject(secrets);
    // A new value replaces it.
    await updateConnection(s, t.admin.token, w.id, {
      provider: "cloud",
      cloudAccessToken: "EAAGanother-token-0000-9999",
    });
    expect((await stored(w.id)).cloudAccessToken).toBe("EAAGanother-token-0000-9999");
  });

  it("needs all four credentials for a cloud connection", async () => {
    const t = await buildTenant(s);
    const res = await createConnection(s, t.admin.token, { provider: "cloud", ...secrets, cloudAppSecret: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", details: { field: "cloudAppSecret" } });
    const beta = (await createConnection(s, t.admin.token)).json<WhatsappDto>();
    const switched = await updateConnection(s, t.admin.token, beta.id, {
      provider: "cloud",
      cloudPhoneNumberId: "123",
    });
    expect(switched.json()).toMatchObject({ error: "ERR_VALIDATION", details: { field: "cloudAccessToken" } });
  });

  it("never gives an agent the verify token or another secret", async () => {
    const t = await buildTenant(s);
    const { id } = (await createConnection(s, t.admin.token, { provider: "cloud", ...secrets })).json<WhatsappDto>();
    for (const path of [`/whatsapp/${id}`, "/whatsapp"]) {
      const res = await s.request({ path, token: t.agent.token });
      expect(res.statusCode, path).toBe(200);
      for (const secret of Object.values(secrets).slice(1)) expect(res.body, path).not.toContain(secret);
    }
    const one = (await s.request({ path: `/whatsapp/${id}`, token: t.agent.token })).json<WhatsappDto>();
    expect(one.cloudVerifyToken).toBe("••••9876");
  });

  it("masks a short secret entirely", async () => {
    const t = await buildTenant(s);
    const res = await createConnection(s, t.admin.token, { provider: "cloud", ...secrets, cloudAppSecret: "abc123" });
    expect(res.json().cloudAppSecret).toBe("••••");
  });
});
