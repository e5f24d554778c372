/**
 * Who hears of a kanban move (business-areas §4 "Tag and kanban"): the boards
 * of those who may see the ticket, with its new tags and the lanes' counts;
 * nobody else in the company, nobody in another.
 */
import { channels } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { kanbanBoard, moveCard, type Card } from "../../../test/kanban-board.js";
import { closeAllSockets, connectSocket, flush, joinRoom, record } from "../../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const board = () => kanbanBoard(s);
const move = (token: string, ticketId: number, tagId: number | string) => moveCard(s, token, ticketId, tagId);

describe("a move, live", () => {
  it("reaches the boards of those who may see the ticket only, with its new tags and the lanes' counts", async () => {
    const b = await board();
    const outsider = await buildUser(s, { companyId: b.companyId, queueIds: [b.other.id] });
    const o = await board();
    const t = await b.ticket();
    const listen = async (token: string, companyId: number) => {
      const socket = await connectSocket(s, token);
      for (const status of ["pending", "open"]) await joinRoom(socket, "joinTickets", { status });
      return {
        socket,
        tickets: record<{ action: string; ticket?: Card }>(socket, channels.ticket(companyId)),
        tags: record<{ tag?: { id: number; ticketsCount: number } }>(socket, channels.tag(companyId)),
      };
    };
    const admin = await listen(b.admin, b.companyId);
    const agent = await listen(b.agent.token, b.companyId);
    const other = await listen((await login(s, outsider.email)).token, b.companyId);
    const foreign = await listen(o.admin, o.companyId);
    expect((await move(b.admin, t.id, b.lanes.todo.id)).statusCode).toBe(200);
    for (const desk of [admin, agent, other, foreign]) await flush(s, desk.socket);
    for (const desk of [admin, agent]) {
      expect(desk.tickets.map((e) => [e.action, e.ticket?.id, e.ticket?.tags.map((x) => x.id)])).toEqual([
        ["update", t.id, [b.lanes.todo.id]],
      ]);
    }
    expect(other.tickets).toEqual([]);
    expect(foreign.tickets).toEqual([]);
    expect(foreign.tags).toEqual([]);
    expect(admin.tags.map((e) => e.tag)).toEqual([expect.objectContaining({ id: b.lanes.todo.id, ticketsCount: 1 })]);
  });
});
