/** The ticket as clients read it (core-platform §3 "Ticket"): every field, alike in lists, GET /tickets/{id} and events. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tags } from "../../db/schema/index.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { buildPrompt } from "../../../test/prompts.js";
import { loadTicketPage, loadTickets } from "./tickets.presenter.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("tickets: the ticket's shape", () => {
  it("carries its contact, attendant, queue, connection and tags (by name), or null where it has none", async () => {
    const t = await buildTenant(s);
    const companyId = t.company.id;
    const prompt = await buildPrompt(s, companyId);
    const queue = await buildQueue(s, companyId, { name: "Vendas", color: "#112233" });
    const wa = await buildWhatsapp(s, companyId, { name: "Loja", status: "CONNECTED" });
    const contact = await buildContact(s, companyId, {
      name: "Joana Prado",
      number: "5511987654321",
      email: "joana@example.com",
      profilePicUrl: "https://example.com/joana.jpg",
    });
    const [zeta, alfa] = await s.ctx.db
      .insert(tags)
      .values([
        { companyId, name: "zeta", color: "#000001" },
        { companyId, name: "alfa", color: "#000002" },
      ])
      .returning();
    const full = await buildTicket(
      s,
      {
        companyId,
        contactId: contact.id,
        whatsappId: wa.id,
        queueId: queue.id,
        userId: t.agent.id,
        status: "open",
        unreadMessages: 3,
        lastMessage: "Até logo",
        chatbot: true,
        promptId: prompt.id,
        createdAt: new Date("2024-03-10T12:00:00.123Z"),
        updatedAt: new Date("2024-03-11T08:30:00.456Z"),
      },
      [zeta!.id, alfa!.id],
    );
    const bare = await buildTicket(s, { companyId, contactId: contact.id, status: "pending" });

    const expected = {
      id: full.id,
      uuid: full.uuid,
      status: "open",
      userId: t.agent.id,
      user: { id: t.agent.id, name: t.agent.name },
      queueId: queue.id,
      queue: { id: queue.id, name: "Vendas", color: "#112233" },
      whatsappId: wa.id,
      whatsapp: { id: wa.id, name: "Loja", status: "CONNECTED" },
      contactId: contact.id,
      contact: {
        id: contact.id,
        name: "Joana Prado",
        number: "5511987654321",
        username: null,
        email: "joana@example.com",
        profilePicUrl: "https://example.com/joana.jpg",
        urlPicture: "https://example.com/joana.jpg",
        isGroup: false,
      },
      tags: [
        { id: alfa!.id, name: "alfa", color: "#000002" },
        { id: zeta!.id, name: "zeta", color: "#000001" },
      ],
      unreadMessages: 3,
      lastMessage: "Até logo",
      chatbot: true,
      isGroup: false,
      useIntegration: false,
      promptId: prompt.id,
      integrationId: null,
      companyId,
      createdAt: "2024-03-10T12:00:00.123Z",
      updatedAt: "2024-03-11T08:30:00.456Z",
    };
    const shown = await s.request({ path: `/tickets/${full.id}`, token: t.admin.token });
    expect(shown.json()).toEqual(expected);
    const listed = await s.request({ path: "/tickets?showAll=true&status=open", token: t.admin.token });
    expect(listed.json().tickets).toEqual([expected]);
    const searched = await s.request({ path: "/tickets?showAll=true&searchParam=joana", token: t.admin.token });
    expect(searched.json().tickets.map((x: { id: number }) => x.id)).toEqual([bare.id, full.id]);
    expect(searched.json().tickets[1]).toEqual(expected);

    expect((await s.request({ path: `/tickets/${bare.id}`, token: t.admin.token })).json()).toMatchObject({
      userId: null,
      user: null,
      queueId: null,
      queue: null,
      whatsappId: null,
      whatsapp: null,
      tags: [],
    });
  });

  it("loadTickets keeps the order asked for and leaves out other companies' tickets and unknown ids", async () => {
    const t = await buildTenant(s);
    const o = await buildTenant(s);
    const mine = await buildContact(s, t.company.id);
    const theirs = await buildContact(s, o.company.id);
    const a = await buildTicket(s, { companyId: t.company.id, contactId: mine.id });
    const b = await buildTicket(s, { companyId: t.company.id, contactId: mine.id });
    const foreign = await buildTicket(s, { companyId: o.company.id, contactId: theirs.id });
    const loaded = await loadTickets(s.ctx.db, t.company.id, [b.id, foreign.id, a.id, 999_999_999]);
    expect(loaded.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(await loadTickets(s.ctx.db, t.company.id, [])).toEqual([]);
  });

  it("a list page leaves out a ticket its ids named but that has moved out of the viewer's queues since", async () => {
    const t = await buildTenant(s);
    const companyId = t.company.id;
    const mine = await buildQueue(s, companyId, { name: "Suporte" });
    const other = await buildQueue(s, companyId, { name: "Financeiro" });
    const contact = await buildContact(s, companyId);
    const kept = await buildTicket(s, { companyId, contactId: contact.id, queueId: mine.id, status: "pending" });
    const moved = await buildTicket(s, { companyId, contactId: contact.id, queueId: other.id, status: "pending" });
    const viewer = {
      id: t.agent.id,
      companyId,
      profile: "user",
      overseer: false,
      queueIds: [mine.id],
      seesNoQueue: false,
    };
    // The page's statement ran before the move: it still names both tickets.
    const page = sql`select id, 2 as total from tickets where id in (${moved.id}, ${kept.id}) order by id desc`;
    const { tickets, total } = await loadTicketPage(s.ctx.db, viewer, page);
    expect(tickets.map((x) => x.id)).toEqual([kept.id]);
    expect(total).toBe(2);
    const admin = { ...viewer, id: t.admin.id, profile: "admin", overseer: true };
    expect((await loadTicketPage(s.ctx.db, admin, page)).tickets.map((x) => x.id)).toEqual([moved.id, kept.id]);
  });
});
