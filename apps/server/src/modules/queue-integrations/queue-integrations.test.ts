/**
 * /queueIntegration (automation-areas §5, §7; issue 17 item 5): CRUD with the
 * §5 rules and §9 defaults, the SSRF guard at save, and secrets never whole
 * but the signing secret (who may call: queue-integrations.access.test.ts).
 */
import type { QueueIntegrationDto, QueueIntegrationPage } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queueIntegrations } from "../../db/schema/index.js";
import { decryptSecret, isEncrypted } from "../../secrets/index.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { createIntegration, n8nIntegration } from "../../../test/queue-integrations.js";
import { serviceAccount } from "../../../test/fake-dialogflow.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const create = (token: string, body: Record<string, unknown>) => createIntegration(s, token, body);

describe("create, read, update, delete", () => {
  it("creates with the §9 defaults, projectName = name, a signing secret in full, and reads it back", async () => {
    const t = await buildTenant(s);
    const res = await create(t.admin.token, { name: "Atendimento bot", typebotSlug: "atendimento", projectName: "x" });
    expect(res.statusCode).toBe(200);
    const dto = res.json<QueueIntegrationDto>();
    expect(dto).toMatchObject({
      type: "typebot",
      name: "Atendimento bot",
      projectName: "Atendimento bot",
      typebotSlug: "atendimento",
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      companyId: t.company.id,
    });
    expect(dto.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(dto.lastUpdate).toBe(dto.updatedAt);
    expect((await s.request({ path: `/queueIntegration/${dto.id}`, token: t.admin.token })).json()).toEqual(dto);
  });

  it("answers pages of 20 by name with hasMore, searches names, and without pageNumber answers every one", async () => {
    const t = await buildTenant(s);
    for (let i = 0; i < 22; i++) {
      expect(
        (await create(t.admin.token, n8nIntegration({ name: `Fluxo ${String(i).padStart(2, "0")}` }))).statusCode,
      ).toBe(200);
    }
    await create(t.admin.token, n8nIntegration({ name: "Outro hook", type: "webhook" }));
    const page = (q: string) =>
      s.request({ path: `/queueIntegration/${q}`, token: t.admin.token }).then((r) => r.json<QueueIntegrationPage>());
    const first = await page("?searchParam=&pageNumber=1");
    expect(first.queueIntegrations.map((i) => i.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Fluxo ${String(i).padStart(2, "0")}`),
    );
    expect(first.hasMore).toBe(true);
    const second = await page("?searchParam=&pageNumber=2");
    expect(second.queueIntegrations.map((i) => i.name)).toEqual(["Fluxo 20", "Fluxo 21", "Outro hook"]);
    expect(second.hasMore).toBe(false);
    expect((await page("?searchParam=outro&pageNumber=1")).queueIntegrations.map((i) => i.name)).toEqual([
      "Outro hook",
    ]);
    const all = await page("");
    expect(all.queueIntegrations).toHaveLength(23);
    expect(all.hasMore).toBe(false);
  });

  it("updates every field and lastUpdate; deletes with the translation key", async () => {
    const t = await buildTenant(s);
    const dto = (await create(t.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    const res = await s.request({
      method: "PUT",
      path: `/queueIntegration/${dto.id}`,
      token: t.admin.token,
      body: { ...dto, type: "webhook", name: "Hook", urlN8N: "https://hooks.example.com/in" },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<QueueIntegrationDto>();
    expect(saved).toMatchObject({
      type: "webhook",
      name: "Hook",
      projectName: "Hook",
      urlN8N: "https://hooks.example.com/in",
    });
    expect(saved.signingSecret).toBe(dto.signingSecret);
    expect(new Date(saved.lastUpdate).getTime()).toBeGreaterThan(new Date(dto.lastUpdate).getTime());
    const del = await s.request({ method: "DELETE", path: `/queueIntegration/${dto.id}`, token: t.admin.token });
    expect(del.json()).toEqual({ message: "queueIntegration.toasts.deleted" });
    expect((await s.request({ path: `/queueIntegration/${dto.id}`, token: t.admin.token })).statusCode).toBe(404);
  });

  it("regenerates the signing secret", async () => {
    const t = await buildTenant(s);
    const dto = (await create(t.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    const res = await s.request({ method: "POST", path: `/queueIntegration/${dto.id}/secret`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    const next = res.json<QueueIntegrationDto>().signingSecret;
    expect(next).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toBe(dto.signingSecret);
    expect((await s.request({ path: `/queueIntegration/${dto.id}`, token: t.admin.token })).json()).toMatchObject({
      signingSecret: next,
    });
  });
});

describe("§5 rules and the SSRF guard", () => {
  it("refuses a name outside 2–50, n8n and webhook without urlN8N, typebot without a slug", async () => {
    const t = await buildTenant(s);
    const fields = async (body: Record<string, unknown>) => {
      const res = await create(t.admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
      return res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path);
    };
    expect(await fields(n8nIntegration({ name: "A" }))).toEqual(["name"]);
    expect(await fields(n8nIntegration({ name: "x".repeat(51) }))).toEqual(["name"]);
    expect(await fields(n8nIntegration({ urlN8N: "" }))).toEqual(["urlN8N"]);
    expect(await fields({ type: "webhook", name: "Hook" })).toEqual(["urlN8N"]);
    expect(await fields({ type: "typebot", name: "Bot", typebotSlug: "" })).toEqual(["typebotSlug"]);
    expect(await fields(n8nIntegration({ urlN8N: "ftp://files.example.com" }))).toEqual(["urlN8N"]);
    // Dialogflow and flowbuilder need neither.
    expect((await create(t.admin.token, { type: "flowbuilder", name: "Fluxo" })).json()).toMatchObject({
      projectName: "Fluxo",
    });
  });

  it("refuses urlN8N and token_uri pointing at loopback or cloud metadata when saved", async () => {
    const t = await buildTenant(s);
    for (const urlN8N of [
      "http://127.0.0.1:5678/webhook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
    ]) {
      const res = await create(t.admin.token, n8nIntegration({ urlN8N }));
      expect(res.statusCode, urlN8N).toBe(400);
      expect(res.json().error).toBe("ERR_OUTBOUND_URL_FORBIDDEN");
    }
    const account = serviceAccount({ tokenUri: "http://169.254.169.254/token" });
    const res = await create(t.admin.token, { type: "dialogflow", name: "Agente", jsonContent: account.json });
    expect(res.json().error).toBe("ERR_OUTBOUND_URL_FORBIDDEN");
  });
});

describe("secrets", () => {
  it("answers jsonContent with only private_key masked, and a save sending the mask back keeps the stored key", async () => {
    const t = await buildTenant(s);
    const account = serviceAccount({ tokenUri: "https://oauth2.example.com/token" });
    const dto = (
      await create(t.admin.token, {
        type: "dialogflow",
        name: "Agente",
        projectName: "meu-agente",
        jsonContent: account.json,
      })
    ).json<QueueIntegrationDto>();
    const shown = JSON.parse(dto.jsonContent) as Record<string, string>;
    expect(shown.client_email).toBe(account.clientEmail);
    expect(shown.private_key).toMatch(/^•+[\s\S]{4}$/);
    expect(shown.private_key).not.toContain("PRIVATE");
    expect(dto.jsonContent).not.toContain("PRIVATE KEY");
    const [row] = await s.ctx.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, dto.id));
    expect(row!.jsonContent).not.toContain(account.clientEmail);
    expect(row!.signingSecret).not.toContain(dto.signingSecret);
    // The signing secret is stored encrypted too (it is generated, so the shared no-plaintext test cannot pick it).
    expect(isEncrypted(row!.signingSecret)).toBe(true);
    expect(decryptSecret(row!.signingSecret)).toBe(dto.signingSecret);
    expect(isEncrypted(row!.jsonContent)).toBe(true);

    await s.request({
      method: "PUT",
      path: `/queueIntegration/${dto.id}`,
      token: t.admin.token,
      body: { ...dto, name: "Agente 2" },
    });
    const [after] = await s.ctx.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, dto.id));
    expect(JSON.parse(decryptSecret(after!.jsonContent)).private_key).toBe(account.privateKeyPem);
  });
});
