/**
 * The client → server room protocol of core-platform §7.9: joinChatBox
 * {ticketId}, joinNotification, joinTickets {status} and their leave*.
 *
 * Arguments come in the shapes the spec's client sends (objects) and the bare
 * values older clients send (42, "42", "open"); anything else is refused with
 * ERR_VALIDATION. A ticket box is joined only when the user may see the
 * ticket. Every room is joined once per scope of the user (ticket-scopes.ts),
 * so even a room joined before a transfer only delivers what the user may
 * still see. One socket holds at most realtimeLimits.roomsPerSocket rooms.
 *
 * Each event may carry an acknowledgement callback; it gets `{joined: true}`,
 * `{left: true}` or `{error: code}`.
 */
import { int32Max, realtimeLimits, roomEvents, rooms, type ErrorCode } from "@balcao/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Socket } from "socket.io";
import { scopedRooms } from "./ticket-scopes.js";

export interface RoomAccess {
  companyId: number;
  /** The user's scopes (ticket-scopes.ts viewerScopes). */
  scopes: string[];
  /** Why the user may not open this ticket's box, or undefined when they may. */
  ticketRefusal(ticketId: number): Promise<ErrorCode | undefined>;
}

type Answer = { joined: true } | { left: true } | { error: ErrorCode };

const statuses = new Set(["open", "pending", "closed", "group"]);

function field(arg: unknown, name: string): unknown {
  return typeof arg === "object" && arg !== null ? (arg as Record<string, unknown>)[name] : arg;
}

/** 42, "42" or {ticketId: 42}; within the id column (a larger one is refused, not looked up). */
export function ticketIdOf(arg: unknown): number | undefined {
  const raw = field(arg, "ticketId");
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= int32Max ? id : undefined;
}

/** "open" or {status: "open"}. */
export function statusOf(arg: unknown): string | undefined {
  const raw = field(arg, "status");
  return typeof raw === "string" && statuses.has(raw) ? raw : undefined;
}

/** `resumed`: the narrower rooms of the session the socket took up (recovery.ts), held again. */
export function registerRoomProtocol(socket: Socket, access: RoomAccess, log: FastifyBaseLogger, resumed: string[]) {
  const held = new Set(resumed);
  if (held.size) void socket.join(scopedRooms(resumed, access.scopes));
  const company = access.companyId;

  const join = async (room: string, refusal?: () => Promise<ErrorCode | undefined>): Promise<Answer> => {
    if (held.has(room)) return { joined: true };
    if (held.size >= realtimeLimits.roomsPerSocket) return { error: "ERR_TOO_MANY_REQUESTS" };
    const refused = refusal ? await refusal() : undefined;
    if (refused) return { error: refused };
    held.add(room);
    await socket.join(scopedRooms([room], access.scopes));
    return { joined: true };
  };
  const leave = (room: string): Promise<Answer> => {
    held.delete(room);
    for (const r of scopedRooms([room], access.scopes)) void socket.leave(r);
    return Promise.resolve({ left: true as const });
  };

  // One event at a time, so a leave never overtakes the join it follows (a join may read the database).
  let previous = Promise.resolve();
  const on = (event: string, act: (arg: unknown) => Promise<Answer>) =>
    socket.on(event, (...args: unknown[]) => {
      const ack = typeof args.at(-1) === "function" ? (args.pop() as (answer: Answer) => void) : undefined;
      previous = previous.then(async () => {
        const answer = await act(args[0]).catch((err: unknown): Answer => {
          log.warn({ err, event }, "room event failed");
          return { error: "ERR_INTERNAL_SERVER_ERROR" };
        });
        ack?.(answer);
      });
    });
  const withTicket = (act: (id: number) => Promise<Answer>) => async (arg: unknown) => {
    const id = ticketIdOf(arg);
    return id === undefined ? { error: "ERR_VALIDATION" as const } : act(id);
  };
  const withStatus = (act: (status: string) => Promise<Answer>) => async (arg: unknown) => {
    const status = statusOf(arg);
    return status === undefined ? { error: "ERR_VALIDATION" as const } : act(status);
  };

  on(
    roomEvents.joinChatBox,
    withTicket((id) => join(rooms.chatBox(company, id), () => access.ticketRefusal(id))),
  );
  on(
    roomEvents.leaveChatBox,
    withTicket((id) => leave(rooms.chatBox(company, id))),
  );
  on(roomEvents.joinNotification, () => join(rooms.notification(company)));
  on(roomEvents.leaveNotification, () => leave(rooms.notification(company)));
  on(
    roomEvents.joinTickets,
    withStatus((status) => join(rooms.tickets(company, status))),
  );
  on(
    roomEvents.leaveTickets,
    withStatus((status) => leave(rooms.tickets(company, status))),
  );
}
