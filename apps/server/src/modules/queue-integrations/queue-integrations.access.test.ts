/**
 * /queueIntegration (issue 17 item 5): who may call it (admins of a plan with
 * useIntegrations), isolation between companies (HTTP, links, sockets), and
 * what a delete lets go of.
 */
import { channels, type ChannelPayloads, type QueueIntegrationDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, queues, tickets, whatsapps } from "../../db/schema/index.js";
import { buildCompany, buildPlan, buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { createIntegration, n8nIntegration } from "../../../test/queue-integrations.js";
import { createConnection } from "../../../test/connections.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const create = (token: string, body: Record<string, unknown>) => createIntegration(s, token, body);

describe("who may call", () => {
  it("refuses agents, and every call of a company whose plan lacks useIntegrations", async () => {
    const t = await buildTenant(s);
    const agent = await s.request({ path: "/queueIntegration/", token: t.agent.token });
    expect(agent.statusCode).toBe(403);
    expect((await create(t.agent.token, n8nIntegration())).statusCode).toBe(403);

    const plan = await buildPlan(s, { useIntegrations: false });
    const company = await buildCompany(s, { planId: plan.id });
    const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
    const token = (await login(s, admin.email)).token;
    for (const req of [
      { path: "/queueIntegration/" },
      { method: "POST" as const, path: "/queueIntegration", body: n8nIntegration() },
      { method: "POST" as const, path: "/queueIntegration/testSession", body: { jsonContent: "{}" } },
    ]) {
      const res = await s.request({ ...req, token });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("never shows or changes another company's integration", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const dto = (await create(a.admin.token, n8nIntegration({ name: "Segredo da A" }))).json<QueueIntegrationDto>();
    for (const request of [
      { path: `/queueIntegration/${dto.id}` },
      { method: "PUT" as const, path: `/queueIntegration/${dto.id}`, body: n8nIntegration({ name: "Segredo da A" }) },
      { method: "POST" as const, path: `/queueIntegration/${dto.id}/secret` },
    ]) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: a.admin.token,
        otherToken: b.admin.token,
        secrets: ["Segredo da A", dto.signingSecret],
      });
    }
    await expectListIsolation(s, {
      path: "/queueIntegration/",
      ownerToken: a.admin.token,
      otherToken: b.admin.token,
      secrets: ["Segredo da A"],
    });
    const del = await s.request({ method: "DELETE", path: `/queueIntegration/${dto.id}`, token: b.admin.token });
    expect(del.statusCode).toBe(404);
  });

  it("a queue or a connection refuses another company's integration and takes its own", async () => {
    const a = await buildTenant(s);
    const b = await buildTenant(s);
    const own = (await create(a.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    const theirs = (await create(b.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    const queue = (integrationId: number) =>
      s.request({
        method: "POST",
        path: "/queue",
        token: a.admin.token,
        body: {
          name: `Fila ${integrationId}`,
          color: `#${String(integrationId).padStart(6, "1").slice(-6)}`,
          integrationId,
        },
      });
    const refused = await queue(theirs.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const taken = await queue(own.id);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ integrationId: own.id });
    const refusedConnection = await createConnection(s, a.admin.token, { name: "Outra", integrationId: theirs.id });
    expect(refusedConnection.statusCode).toBe(400);
    expect(refusedConnection.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const connection = await createConnection(s, a.admin.token, { name: "Própria", integrationId: own.id });
    expect(connection.statusCode).toBe(200);
    expect(connection.json()).toMatchObject({ integrationId: own.id });
  });
});

describe("realtime and delete", () => {
  it("tells the company's admins (create, update, delete), not its agents nor another company", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const adminSocket = await connectSocket(s, t.admin.token);
    const agentSocket = await connectSocket(s, t.agent.token);
    const otherSocket = await connectSocket(s, other.admin.token);
    const channel = channels.queueIntegration(t.company.id);
    const heard = record<ChannelPayloads["queueIntegration"]>(adminSocket, channel);
    const agentHeard = record(agentSocket, channel);
    const otherHeard = record(otherSocket, channel);
    const otherChannel = record(otherSocket, channels.queueIntegration(other.company.id));
    const dto = (await create(t.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    await s.request({
      method: "PUT",
      path: `/queueIntegration/${dto.id}`,
      token: t.admin.token,
      body: n8nIntegration({ name: "Novo" }),
    });
    await s.request({ method: "DELETE", path: `/queueIntegration/${dto.id}`, token: t.admin.token });
    await flush(s, adminSocket);
    await flush(s, agentSocket);
    await flush(s, otherSocket);
    expect(heard.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(heard[0]!.queueIntegration).toMatchObject({ id: dto.id, signingSecret: dto.signingSecret });
    expect(heard[1]!.queueIntegration).toMatchObject({ name: "Novo" });
    expect(heard[2]).toEqual({ action: "delete", integrationId: dto.id });
    expect(agentHeard).toEqual([]);
    expect(otherHeard).toEqual([]);
    expect(otherChannel).toEqual([]);
  });

  it("deleting clears it from queues, connections and the tickets it holds", async () => {
    const t = await buildTenant(s);
    const dto = (await create(t.admin.token, n8nIntegration())).json<QueueIntegrationDto>();
    const queue = await buildQueue(s, t.company.id, { integrationId: dto.id });
    const [connection] = await s.ctx.db
      .insert(whatsapps)
      .values({ companyId: t.company.id, name: "Conexão", integrationId: dto.id })
      .returning();
    const [contact] = await s.ctx.db
      .insert(contacts)
      .values({ companyId: t.company.id, name: "Paulo", number: "5511999990000" })
      .returning();
    const [ticket] = await s.ctx.db
      .insert(tickets)
      .values({
        companyId: t.company.id,
        contactId: contact!.id,
        whatsappId: connection!.id,
        queueId: queue.id,
        useIntegration: true,
        integrationId: dto.id,
        chatbot: true,
      })
      .returning();
    await s.request({ method: "DELETE", path: `/queueIntegration/${dto.id}`, token: t.admin.token });
    const [q] = await s.ctx.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(q!.integrationId).toBeNull();
    const [w] = await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, connection!.id));
    expect(w!.integrationId).toBeNull();
    const [after] = await s.ctx.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(after).toMatchObject({ useIntegration: false, integrationId: null, chatbot: false, status: "pending" });
  });
});
