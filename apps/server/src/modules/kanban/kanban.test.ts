/**
 * The kanban board (business-areas §2.6, §4 "Tag and kanban", §6, §7): its
 * cards as each user may see them, the spec's DELETE/PUT /ticket-tags pair,
 * the one-step move and its refusals (who hears of a move: kanban.realtime.test.ts).
 */
import { kanbanLimits } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, tickets } from "../../db/schema/index.js";
import { buildCompany, buildPlan, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";
import { kanbanBoard, moveCard, type Card } from "../../../test/kanban-board.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const board = () => kanbanBoard(s);
type Board = Awaited<ReturnType<typeof board>>;

const getBoard = (token: string, query: Record<string, string> = {}) =>
  s.request({ path: `/ticket/kanban?${new URLSearchParams(query).toString()}`, token });

/** The board as the spec's client asks for it: the user's queues, showAll for admins. */
async function cardIds(token: string, queueIds: number[], showAll: boolean) {
  const res = await getBoard(token, { queueIds: JSON.stringify(queueIds), showAll: String(showAll) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tickets: Card[] }>().tickets.map((t) => t.id);
}

const move = (token: string, ticketId: number, tagId: number | string) => moveCard(s, token, ticketId, tagId);

async function tagIdsOf(b: Board, ticketId: number) {
  const res = await s.request({ path: `/tickets/${ticketId}`, token: b.admin });
  return res.json<Card>().tags.map((t) => t.id);
}

describe("GET /ticket/kanban", () => {
  it("holds every active ticket, with a kanban tag, other tags or none, newest first, with their tags and contact", async () => {
    const b = await board();
    const open = await b.ticket();
    const inLane = await b.ticket({ status: "open", userId: b.t.admin.id }, [b.lanes.todo.id, b.plain.id]);
    const onlyPlain = await b.ticket({}, [b.plain.id]);
    const closed = await b.ticket({ status: "closed" });
    const res = await getBoard(b.admin, { queueIds: "[]", showAll: "true" });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ tickets: (Card & { contact: { name: string } })[]; hasMore: boolean }>();
    expect(body.hasMore).toBe(false);
    // A ticket whose tags are none of the lanes stays on the board (the 'open' lane shows it).
    expect(body.tickets.map((t) => t.id)).toEqual([onlyPlain.id, inLane.id, open.id]);
    expect(body.tickets[1]!.tags.map((t) => t.id).sort()).toEqual([b.lanes.todo.id, b.plain.id].sort());
    expect(body.tickets[2]!.contact.name).toMatch(/^Contact /);
    expect(body.tickets.map((t) => t.id)).not.toContain(closed.id);
  });

  it("shows an admin with showAll every ticket of the company, whatever queues are sent", async () => {
    const b = await board();
    const mine = await b.ticket();
    const otherQueue = await b.ticket({ queueId: b.other.id });
    const colleagues = await b.ticket({ status: "open", userId: b.colleague.id });
    const noQueue = await b.ticket({ queueId: null });
    const all = await cardIds(b.admin, [], true);
    expect(all.sort()).toEqual([mine.id, otherQueue.id, colleagues.id, noQueue.id].sort());
  });

  it("shows anyone else only their own tickets and the waiting ones of their queues, never showAll", async () => {
    const b = await board();
    const waitingHere = await b.ticket();
    const waitingElsewhere = await b.ticket({ queueId: b.other.id });
    const own = await b.ticket({ status: "open", userId: b.agent.id });
    const colleagues = await b.ticket({ status: "open", userId: b.colleague.id });
    const noQueue = await b.ticket({ queueId: null });
    const seen = await cardIds(b.agent.token, [b.queue.id], true);
    expect(seen.sort()).toEqual([waitingHere.id, own.id].sort());
    // A queue that is not theirs adds nothing; their own tickets stay on the board.
    expect(await cardIds(b.agent.token, [b.other.id], false)).toEqual([own.id]);
    expect(seen).not.toContain(waitingElsewhere.id);
    expect(seen).not.toContain(colleagues.id);
    expect(seen).not.toContain(noQueue.id);
  });

  it(`answers at most ${kanbanLimits.cardsMax} cards, the most recently updated, with hasMore`, async () => {
    const b = await board();
    const people = await s.ctx.db
      .insert(contacts)
      .values(
        Array.from({ length: kanbanLimits.cardsMax + 1 }, (_, i) => ({
          companyId: b.companyId,
          name: `Bulk ${i}`,
          number: `5511${String(i).padStart(9, "0")}`,
        })),
      )
      .returning({ id: contacts.id });
    const base = Date.UTC(2026, 0, 1);
    const rows = await s.ctx.db
      .insert(tickets)
      .values(
        people.map((contact, i) => ({
          companyId: b.companyId,
          contactId: contact.id,
          status: "pending",
          queueId: b.queue.id,
          updatedAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: tickets.id });
    const res = (await getBoard(b.admin, { showAll: "true" })).json<{ tickets: Card[]; hasMore: boolean }>();
    expect(res.hasMore).toBe(true);
    expect(res.tickets).toHaveLength(kanbanLimits.cardsMax);
    expect(res.tickets[0]!.id).toBe(rows.at(-1)!.id);
    expect(res.tickets.map((t) => t.id)).not.toContain(rows[0]!.id);
  });

  it("is refused when the plan lacks useKanban, and never shows another company's tickets", async () => {
    const b = await board();
    const secret = await b.ticket();
    const plan = await buildPlan(s, { useKanban: false });
    const company = await buildCompany(s, { planId: plan.id });
    const user = await buildUser(s, { companyId: company.id, profile: "admin" });
    const token = (await login(s, user.email)).token;
    const denied = await getBoard(token, { showAll: "true" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    for (const path of [`/ticket/kanban/${secret.id}/move`, `/ticket-tags/${secret.id}`]) {
      const method = path.endsWith("move") ? "POST" : "DELETE";
      const res = await s.request({ method, path, token, body: method === "POST" ? { tagId: "lane0" } : undefined });
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const other = await board();
    expect(await cardIds(other.admin, [], true)).not.toContain(secret.id);
  });
});

describe("DELETE /ticket-tags/{ticketId} and PUT /ticket-tags/{ticketId}/{tagId}", () => {
  it("removes every tag, then attaches one; 'lane0' attaches nothing; the tags' counts follow", async () => {
    const b = await board();
    const t = await b.ticket({}, [b.lanes.todo.id, b.plain.id]);
    const cleared = await s.request({ method: "DELETE", path: `/ticket-tags/${t.id}`, token: b.agent.token });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().tags).toEqual([]);
    const put = await s.request({
      method: "PUT",
      path: `/ticket-tags/${t.id}/${b.lanes.done.id}`,
      token: b.agent.token,
    });
    expect(put.json().tags.map((x: { id: number }) => x.id)).toEqual([b.lanes.done.id]);
    // Attaching keeps what the ticket has; any of the company's tags may be attached.
    await s.request({ method: "PUT", path: `/ticket-tags/${t.id}/${b.plain.id}`, token: b.agent.token });
    expect((await tagIdsOf(b, t.id)).sort()).toEqual([b.lanes.done.id, b.plain.id].sort());
    const lane0 = await s.request({ method: "PUT", path: `/ticket-tags/${t.id}/lane0`, token: b.agent.token });
    expect(lane0.statusCode).toBe(200);
    expect((await tagIdsOf(b, t.id)).sort()).toEqual([b.lanes.done.id, b.plain.id].sort());
    const counts = (await s.request({ path: "/tags", token: b.admin })).json<{
      tags: { id: number; ticketsCount: number }[];
    }>();
    const count = (id: number) => counts.tags.find((x) => x.id === id)?.ticketsCount;
    expect([count(b.lanes.todo.id), count(b.lanes.done.id), count(b.plain.id)]).toEqual([0, 1, 1]);
  });

  it("refuses another company's tag or ticket, and a ticket the user may not see, changing nothing", async () => {
    const b = await board();
    const o = await board();
    const t = await b.ticket({}, [b.lanes.todo.id]);
    const hidden = await b.ticket({ queueId: b.other.id }, [b.lanes.todo.id]);
    const foreignTag = await s.request({
      method: "PUT",
      path: `/ticket-tags/${t.id}/${o.lanes.done.id}`,
      token: b.admin,
    });
    expect(foreignTag.statusCode).toBe(404);
    expect(foreignTag.json()).toEqual({ error: "ERR_NOT_FOUND" });
    for (const req of [
      { method: "DELETE" as const, path: `/ticket-tags/${hidden.id}` },
      { method: "PUT" as const, path: `/ticket-tags/${hidden.id}/${b.lanes.done.id}` },
    ]) {
      const res = await s.request({ ...req, token: b.agent.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect(await tagIdsOf(b, t.id)).toEqual([b.lanes.todo.id]);
    expect(await tagIdsOf(b, hidden.id)).toEqual([b.lanes.todo.id]);
    await expectCompanyIsolation(s, {
      request: { method: "DELETE", path: `/ticket-tags/${t.id}` },
      ownerToken: b.admin,
      otherToken: o.admin,
    });
    await expectCompanyIsolation(s, {
      request: { method: "PUT", path: `/ticket-tags/${t.id}/${b.lanes.todo.id}` },
      ownerToken: b.admin,
      otherToken: o.admin,
    });
    expect(await tagIdsOf(b, t.id)).toEqual([b.lanes.todo.id]);
  });
});

describe("POST /ticket/kanban/{ticketId}/move", () => {
  it("puts the card in the lane in one step (its other tags go) and 'lane0' leaves it without tags", async () => {
    const b = await board();
    const t = await b.ticket({}, [b.lanes.todo.id, b.plain.id]);
    const moved = await move(b.agent.token, t.id, b.lanes.done.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: t.id, tags: [{ id: b.lanes.done.id, name: "Feito" }] });
    const back = await move(b.agent.token, t.id, "lane0");
    expect(back.json().tags).toEqual([]);
    expect(await tagIdsOf(b, t.id)).toEqual([]);
  });

  it("refuses a tag that is not a lane, another company's tag or ticket, and a ticket out of sight; nothing changes", async () => {
    const b = await board();
    const o = await board();
    const t = await b.ticket({}, [b.lanes.todo.id]);
    const hidden = await b.ticket({ queueId: b.other.id }, [b.lanes.todo.id]);
    const refusals: [number, number | string, string, number, string][] = [
      [t.id, b.plain.id, b.admin, 400, "ERR_TAG_NOT_KANBAN"],
      [t.id, o.lanes.done.id, b.admin, 404, "ERR_NOT_FOUND"],
      [t.id, 2_000_000_000, b.admin, 404, "ERR_NOT_FOUND"],
      [t.id, b.lanes.done.id, o.admin, 404, "ERR_NO_TICKET_FOUND"],
      [hidden.id, b.lanes.done.id, b.agent.token, 403, "ERR_NO_PERMISSION"],
      [hidden.id, "lane0", b.agent.token, 403, "ERR_NO_PERMISSION"],
    ];
    for (const [ticketId, tagId, token, status, error] of refusals) {
      const res = await move(token, ticketId, tagId);
      expect(res.statusCode, `${ticketId} → ${tagId}`).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    const bad = await move(b.admin, t.id, "lane1");
    expect(bad.json().error).toBe("ERR_VALIDATION");
    expect(await tagIdsOf(b, t.id)).toEqual([b.lanes.todo.id]);
    expect(await tagIdsOf(b, hidden.id)).toEqual([b.lanes.todo.id]);
  });

  it("leaves a card in exactly one lane when moves of it race", async () => {
    const b = await board();
    const t = await b.ticket();
    const lanes = [b.lanes.todo.id, b.lanes.done.id];
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => move(b.admin, t.id, lanes[i % 2]!)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const final = await tagIdsOf(b, t.id);
    expect(final).toHaveLength(1);
    expect(lanes).toContain(final[0]);
  });
});
