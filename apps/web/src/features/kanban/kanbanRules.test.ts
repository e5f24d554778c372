import type { TicketDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../tickets/ticketRules";
import { boardFilter, boardQuery, laneIdOf, lanesOf, movedTo, onBoard, otherTags, withTicket } from "./kanbanRules";

const agent: Viewer = {
  id: 7,
  profile: "user",
  allTicket: "desabled",
  queues: [{ id: 1, name: "Sales", color: "#f00" }],
};
const todo = { id: 10, name: "To do", color: "#00f" };
const done = { id: 11, name: "Done", color: "#0f0" };
const vip = { id: 12, name: "Vip", color: "#ff0" };
const ticket = (id: number, over: Partial<TicketDto> = {}) =>
  ({ id, status: "pending", queueId: 1, userId: null, tags: [], ...over }) as TicketDto;

describe("what the board asks for (§6, §7)", () => {
  it("always sends the user's queues; showAll only for admins", () => {
    expect(boardFilter(agent)).toEqual({ queueIds: [1], showAll: false });
    expect(boardQuery(boardFilter({ ...agent, profile: "admin" }))).toEqual({ queueIds: "[1]", showAll: "true" });
    expect(boardFilter({ ...agent, profile: "supervisor" }).showAll).toBe(false);
  });
});

describe("lanes (§2.6)", () => {
  it("puts tickets without a lane's tag in 'open' first (no tags, or only others), then each kanban tag's tickets in its lane", () => {
    const cards = [
      ticket(1),
      ticket(2, { tags: [todo] }),
      ticket(3, { tags: [todo, done] }),
      ticket(4, { tags: [vip] }),
    ];
    const lanes = lanesOf([todo, done], cards);
    expect(lanes.map((l) => [l.id, l.cards.map((c) => c.id)])).toEqual([
      ["lane0", [1, 4]],
      [10, [2, 3]],
      [11, [3]],
    ]);
    expect(lanes[1]!.tag).toBe(todo);
    expect(otherTags(ticket(5, { tags: [todo, vip] }), [todo.id, done.id])).toEqual([vip]);
  });

  it("shows a moved card with the lane's tag alone, or none in 'open'", () => {
    const [open, lane] = lanesOf([todo], []);
    expect(movedTo(ticket(1, { tags: [done, vip] }), lane!).tags).toEqual([todo]);
    expect(movedTo(ticket(1, { tags: [todo] }), open!).tags).toEqual([]);
    expect([laneIdOf("lane0"), laneIdOf("10")]).toEqual(["lane0", 10]);
  });
});

describe("realtime updates of the board", () => {
  const own = { showAll: false, queueIds: [1] };
  it("keeps active tickets, whatever their tags, as the tickets list would list them", () => {
    expect(onBoard(ticket(1), own, agent)).toBe(true);
    expect(onBoard(ticket(1, { tags: [vip, done] }), own, agent)).toBe(true);
    expect(onBoard(ticket(1, { tags: [vip] }), own, agent)).toBe(true);
    expect(onBoard(ticket(1, { status: "closed" }), own, agent)).toBe(false);
    expect(onBoard(ticket(1, { status: "open", userId: 7 }), own, agent)).toBe(true);
    // A colleague's open ticket and another queue's waiting one are not on an agent's board …
    expect(onBoard(ticket(1, { status: "open", userId: 9 }), own, agent)).toBe(false);
    expect(onBoard(ticket(1, { queueId: 2 }), own, agent)).toBe(false);
    // … but on an admin's, whatever the queue.
    expect(onBoard(ticket(1, { status: "open", userId: 9, queueId: 2 }), { showAll: true, queueIds: [] }, agent)).toBe(
      true,
    );
  });

  it("updates a card in place, puts a new one first and drops one that left", () => {
    const cards = [ticket(1), ticket(2)];
    expect(withTicket(cards, ticket(2, { lastMessage: "hi" }), true).map((c) => [c.id, c.lastMessage])).toEqual([
      [1, undefined],
      [2, "hi"],
    ]);
    expect(withTicket(cards, ticket(3), true).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(withTicket(cards, ticket(1), false).map((c) => c.id)).toEqual([2]);
    expect(withTicket(cards, ticket(5), false)).toBe(cards);
  });
});
