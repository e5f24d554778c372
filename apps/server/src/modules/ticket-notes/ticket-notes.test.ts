/** Ticket notes (core-platform §2.12, §5 "Ticket note", §7.6). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function scene() {
  const t = await buildTenant(s);
  const queue = await buildQueue(s, t.company.id);
  const agent = await buildUser(s, { companyId: t.company.id, queueIds: [queue.id], name: "Carla" });
  const token = (await login(s, agent.email)).token;
  const contact = await buildContact(s, t.company.id);
  const ticket = await buildTicket(s, {
    companyId: t.company.id,
    contactId: contact.id,
    queueId: queue.id,
    status: "open",
    userId: agent.id,
  });
  return { t, agent, token, contact, ticket, queue };
}
const add = (token: string, body: Record<string, unknown>) =>
  s.request({ method: "POST", path: "/ticket-notes", token, body });
const list = (token: string, ticketId: number, contactId: number) =>
  s.request({ path: `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`, token });

describe("ticket notes", () => {
  it("adds a note with its author and lists the ticket's notes newest first", async () => {
    const c = await scene();
    const first = await add(c.token, { note: "  Ligar amanhã  ", ticketId: c.ticket.id, contactId: c.contact.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      note: "Ligar amanhã",
      ticketId: c.ticket.id,
      contactId: c.contact.id,
      user: { name: "Carla" },
    });
    const second = (
      await add(c.t.admin.token, { note: "Cliente VIP", ticketId: c.ticket.id, contactId: c.contact.id })
    ).json();
    const res = await list(c.token, c.ticket.id, c.contact.id);
    expect(res.json().map((n: { id: number }) => n.id)).toEqual([second.id, first.json().id]);
  });

  it("refuses notes under 2 characters and a contact that is not the ticket's; stores nothing", async () => {
    const c = await scene();
    for (const note of ["", " a ", "x"]) {
      const res = await add(c.token, { note, ticketId: c.ticket.id, contactId: c.contact.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    const stranger = await buildContact(s, c.t.company.id);
    expect((await add(c.token, { note: "ok note", ticketId: c.ticket.id, contactId: stranger.id })).statusCode).toBe(
      400,
    );
    expect((await list(c.token, c.ticket.id, c.contact.id)).json()).toEqual([]);
  });

  it("only who sees the ticket reads or adds its notes", async () => {
    const c = await scene();
    const other = await buildQueue(s, c.t.company.id);
    const outsider = await buildUser(s, { companyId: c.t.company.id, queueIds: [other.id] });
    const token = (await login(s, outsider.email)).token;
    expect((await list(token, c.ticket.id, c.contact.id)).statusCode).toBe(403);
    expect((await add(token, { note: "sneaky", ticketId: c.ticket.id, contactId: c.contact.id })).statusCode).toBe(403);
  });

  it("lists a contact's notes without a ticket: only those of tickets the caller sees", async () => {
    const c = await scene();
    const queueB = await buildQueue(s, c.t.company.id);
    const agentB = await buildUser(s, { companyId: c.t.company.id, queueIds: [queueB.id] });
    const tokenB = (await login(s, agentB.email)).token;
    const ticketB = await buildTicket(s, {
      companyId: c.t.company.id,
      contactId: c.contact.id,
      queueId: queueB.id,
      status: "open",
      userId: agentB.id,
    });
    await add(c.token, { note: "Nota da fila A", ticketId: c.ticket.id, contactId: c.contact.id });
    await add(tokenB, { note: "Nota da fila B", ticketId: ticketB.id, contactId: c.contact.id });
    const notesOf = async (token: string) => {
      const res = await s.request({ path: `/ticket-notes/list?contactId=${c.contact.id}`, token });
      expect(res.statusCode).toBe(200);
      return res.json().map((n: { note: string }) => n.note);
    };
    expect(await notesOf(c.token)).toEqual(["Nota da fila A"]);
    expect(await notesOf(tokenB)).toEqual(["Nota da fila B"]);
    expect(await notesOf(c.t.admin.token)).toEqual(["Nota da fila B", "Nota da fila A"]);
  });

  it("the author or an admin deletes a note; anyone else gets ERR_NO_PERMISSION", async () => {
    const c = await scene();
    const note = (await add(c.token, { note: "Minha nota", ticketId: c.ticket.id, contactId: c.contact.id })).json();
    const colleague = await buildUser(s, { companyId: c.t.company.id, queueIds: [c.queue.id] });
    const colleagueToken = (await login(s, colleague.email)).token;
    const refused = await s.request({ method: "DELETE", path: `/ticket-notes/${note.id}`, token: colleagueToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await s.request({ method: "DELETE", path: `/ticket-notes/${note.id}`, token: c.token })).statusCode).toBe(
      204,
    );
    const byAdmin = (await add(c.token, { note: "Outra nota", ticketId: c.ticket.id, contactId: c.contact.id })).json();
    expect(
      (await s.request({ method: "DELETE", path: `/ticket-notes/${byAdmin.id}`, token: c.t.admin.token })).statusCode,
    ).toBe(204);
    expect((await list(c.token, c.ticket.id, c.contact.id)).json()).toEqual([]);
  });

  it("never shows, adds to or deletes another company's notes", async () => {
    const c = await scene();
    const o = await buildTenant(s);
    const note = (
      await add(c.token, { note: "Segredo da empresa", ticketId: c.ticket.id, contactId: c.contact.id })
    ).json();
    await expectListIsolation(s, {
      path: `/ticket-notes/list?ticketId=${c.ticket.id}&contactId=${c.contact.id}`,
      ownerToken: c.t.admin.token,
      otherToken: o.admin.token,
      secrets: ["Segredo da empresa"],
    });
    const foreignAdd = await add(o.admin.token, { note: "intruder", ticketId: c.ticket.id, contactId: c.contact.id });
    expect(foreignAdd.statusCode).toBe(404);
    // The other company first: the helper's owner call would delete the note before it.
    const foreignDelete = await s.request({ method: "DELETE", path: `/ticket-notes/${note.id}`, token: o.admin.token });
    expect(foreignDelete.statusCode).toBe(404);
    expect((await list(c.token, c.ticket.id, c.contact.id)).json()).toHaveLength(1);
  });
});
