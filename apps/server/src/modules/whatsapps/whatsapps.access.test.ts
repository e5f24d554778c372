/**
 * /whatsapp: who may do what, company isolation on every route, realtime
 * events to the right company only, and what other areas read of a connection
 * (users' default connection, the contact's source connection, delete).
 */
import type { ChannelPayloads, WhatsappDto } from "@balcao/contracts";
import { channels } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contacts, tickets, users } from "../../db/schema/index.js";
import { buildTenant } from "../../../test/factories.js";
import { buildWhatsapp, connectionBody, sessionReaches } from "../../../test/connections.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

type WhatsappEvent = ChannelPayloads["whatsapp"];

const create = (token: string, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/whatsapp", token, body: connectionBody(extra) });

describe("permissions", () => {
  it("lets a plain user read but not add, edit or delete", async () => {
    const t = await buildTenant(s);
    const { id } = (await create(t.admin.token)).json<WhatsappDto>();
    expect((await s.request({ path: "/whatsapp", token: t.agent.token })).statusCode).toBe(200);
    expect((await s.request({ path: `/whatsapp/${id}`, token: t.agent.token })).statusCode).toBe(200);
    for (const req of [
      { method: "POST" as const, path: "/whatsapp", body: connectionBody({ name: "Agente" }) },
      { method: "PUT" as const, path: `/whatsapp/${id}`, body: connectionBody({ name: "Agente" }) },
      { method: "DELETE" as const, path: `/whatsapp/${id}` },
    ]) {
      const res = await s.request({ ...req, token: t.agent.token });
      expect(res.statusCode, `${req.method} ${req.path}`).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
    const [row] = (await s.request({ path: "/whatsapp", token: t.admin.token })).json<WhatsappDto[]>();
    expect(row).toMatchObject({ id, name: "Comercial" });
  });

  it("refuses a request without a token", async () => {
    expect((await s.request({ path: "/whatsapp" })).statusCode).toBe(401);
  });
});

describe("company isolation", () => {
  it("never shows or changes another company's connection", async () => {
    const owner = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = (await create(owner.admin.token, { name: "Segredo Comercial" })).json<WhatsappDto>();
    const secrets = ["Segredo Comercial"];
    await expectListIsolation(s, {
      path: "/whatsapp?session=0",
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
      secrets,
    });
    const cases = [
      { path: `/whatsapp/${mine.id}?session=0` },
      {
        method: "PUT" as const,
        path: `/whatsapp/${mine.id}`,
        body: connectionBody({ name: "Segredo Comercial", isDefault: true }),
      },
    ];
    for (const request of cases) {
      const { other: res } = await expectCompanyIsolation(s, {
        request,
        ownerToken: owner.admin.token,
        otherToken: other.admin.token,
        secrets,
      });
      expect(res.json().error).toBe("ERR_NO_WAPP_FOUND");
    }
    const deleted = await s.request({ method: "DELETE", path: `/whatsapp/${mine.id}`, token: other.admin.token });
    expect(deleted.json().error).toBe("ERR_NO_WAPP_FOUND");
    const still = (await s.request({ path: `/whatsapp/${mine.id}`, token: owner.admin.token })).json<WhatsappDto>();
    expect(still.name).toBe("Segredo Comercial");
    await expectCompanyIsolation(s, {
      request: { method: "DELETE", path: `/whatsapp/${mine.id}` },
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
    });
  });

  it("keeps the default of each company apart", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    await create(a.admin.token, { name: "Da Empresa A" });
    const first = (await create(b.admin.token, { name: "Da Empresa B" })).json<WhatsappDto>();
    // A's first connection does not stop B's first from being its default, nor a new default of A unset B's.
    expect(first.isDefault).toBe(true);
    await create(a.admin.token, { name: "Nova padrão A", isDefault: true });
    const bList = (await s.request({ path: "/whatsapp", token: b.admin.token })).json<WhatsappDto[]>();
    expect(bList.map((w) => [w.name, w.isDefault])).toEqual([["Da Empresa B", true]]);
  });
});

describe("realtime", () => {
  it("sends create, update and delete to the company's sockets only, the token masked", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const adminSocket = await connectSocket(s, t.admin.token);
    const agentSocket = await connectSocket(s, t.agent.token);
    const otherSocket = await connectSocket(s, other.admin.token);
    const seen = record<WhatsappEvent>(adminSocket, channels.whatsapp(t.company.id));
    const agentSeen = record<WhatsappEvent>(agentSocket, channels.whatsapp(t.company.id));
    const leaked = [...[t.company.id, other.company.id].map((id) => record(otherSocket, channels.whatsapp(id)))];
    const token = "realtime_token_0123456789abcdef_0987";
    // Each step waits for the session start a save causes, so the events come in one order.
    const first = (await create(t.admin.token, { name: "Primeira", token })).json<WhatsappDto>();
    await sessionReaches(s, first.id, "OPENING");
    const second = (await create(t.admin.token, { name: "Segunda", isDefault: true })).json<WhatsappDto>();
    await sessionReaches(s, second.id, "OPENING");
    await s.request({ method: "DELETE", path: `/whatsapp/${second.id}`, token: t.admin.token });
    await flush(s, adminSocket);
    await flush(s, agentSocket);
    await flush(s, otherSocket);

    const summary = (e: WhatsappEvent) => [e.action, e.whatsapp?.name ?? e.whatsappId, e.whatsapp?.isDefault];
    expect(seen.map(summary)).toEqual([
      ["update", "Primeira", true],
      // Its session started (OPENING).
      ["update", "Primeira", true],
      ["update", "Segunda", true],
      // Making Segunda the default took it from Primeira; deleting Segunda gave it back.
      ["update", "Primeira", false],
      ["update", "Segunda", true],
      ["delete", second.id, undefined],
      ["update", "Primeira", true],
    ]);
    expect(seen[0]!.whatsapp).toMatchObject({ id: first.id, status: "DISCONNECTED", token: "••••0987" });
    expect(agentSeen).toHaveLength(seen.length);
    expect(JSON.stringify(agentSeen)).not.toContain(token);
    for (const got of leaked) expect(got).toEqual([]);
  });
});

describe("what other areas read", () => {
  it("lets a user's default connection be one of the company's own only", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = await buildWhatsapp(s, t.company.id);
    const foreign = await buildWhatsapp(s, other.company.id);
    const body = (whatsappId: unknown) => ({
      name: "Atendente",
      email: `att-${mine.id}-${String(whatsappId)}@example.com`,
      password: "Secret123",
      profile: "user",
      whatsappId,
      queueIds: [],
    });
    const created = await s.request({ method: "POST", path: "/users", token: t.admin.token, body: body(mine.id) });
    expect(created.statusCode).toBe(200);
    expect(created.json().whatsappId).toBe(mine.id);
    const refused = await s.request({ method: "POST", path: "/users", token: t.admin.token, body: body(foreign.id) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe("ERR_NO_WAPP_FOUND");
    const userId = created.json<{ id: number }>().id;
    const moved = await s.request({
      method: "PUT",
      path: `/users/${userId}`,
      token: t.admin.token,
      body: { ...body(foreign.id), email: created.json().email },
    });
    expect(moved.json().error).toBe("ERR_NO_WAPP_FOUND");
    const cleared = await s.request({
      method: "PUT",
      path: `/users/${userId}`,
      token: t.admin.token,
      body: { ...body(""), email: created.json().email },
    });
    expect(cleared.json().whatsappId).toBeNull();
  });

  it("names the contact's source connection, and deleting a connection keeps its tickets, contacts and users", async () => {
    const t = await buildTenant(s);
    const w = (await create(t.admin.token, { name: "Loja Centro" })).json<WhatsappDto>();
    const [contact] = await s.ctx.db
      .insert(contacts)
      .values({ companyId: t.company.id, name: "Cliente", number: "5511999990000", whatsappId: w.id })
      .returning();
    const detail = await s.request({ path: `/contacts/${contact!.id}`, token: t.agent.token });
    expect(detail.json().whatsapp).toEqual({ name: "Loja Centro" });
    const [ticket] = await s.ctx.db
      .insert(tickets)
      .values({ companyId: t.company.id, contactId: contact!.id, whatsappId: w.id })
      .returning();
    await s.ctx.db.update(users).set({ whatsappId: w.id }).where(eq(users.id, t.agent.id));

    await s.request({ method: "DELETE", path: `/whatsapp/${w.id}`, token: t.admin.token });
    const [keptTicket] = await s.ctx.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(keptTicket).toMatchObject({ id: ticket!.id, whatsappId: null });
    const [keptUser] = await s.ctx.db.select().from(users).where(eq(users.id, t.agent.id));
    expect(keptUser!.whatsappId).toBeNull();
    const after = await s.request({ path: `/contacts/${contact!.id}`, token: t.agent.token });
    expect(after.json()).toMatchObject({ id: contact!.id, whatsappId: null, whatsapp: null });
  });
});
