/**
 * Connection-state recovery on our terms (issue 29 item 3). Socket.IO
 * restores a dropped socket's session (its rooms, the events it missed) in the
 * Socket constructor, before any middleware has looked at the new handshake's
 * token. Here the adapter restores nothing then; once the handshake's token is
 * verified, the session is taken up only when it is the same user's and the
 * rooms it held are exactly those that user gets now (the ticket scopes and
 * the profile of now). Anything else starts the socket fresh: the events it
 * missed, sent to rooms it may no longer hold, are not sent, and the client
 * joins its rooms again and reads its pages anew (web api/socket.ts onResync).
 *
 * With the Redis adapter nothing is kept to restore: every reconnect starts fresh.
 */
import { rooms } from "@balcao/contracts";
import type { Namespace, Socket } from "socket.io";
import type { AccessClaims } from "../modules/auth/tokens.js";
import { scopedRooms } from "./ticket-scopes.js";

type Adapter = Namespace["adapter"];
type Session = Awaited<ReturnType<Adapter["restoreSession"]>>;
export type Restore = (pid: string, offset: string) => Promise<Session | null>;

export interface Resumed {
  /** The narrower rooms (status lists, notifications, ticket boxes) the socket held, without their scopes. */
  held: string[];
  /** The events it missed, each as the adapter stored it: name, arguments, then the event's offset. */
  missed: unknown[][];
}

/** The rooms each socket of the user is in from its handshake: administrators also hear what only they may read. */
export function accountRooms(claims: AccessClaims): string[] {
  const admin = claims.profile === "admin" || claims.super;
  return [
    rooms.company(claims.companyId),
    rooms.user(claims.id),
    rooms.platform(),
    ...(admin ? [rooms.admins(claims.companyId)] : []),
  ];
}

/** The adapter's restore, for after the handshake; Socket.IO's own call (before the middlewares) gets no session. */
export function deferRestore(adapter: Adapter): Restore {
  const restore = adapter.restoreSession.bind(adapter);
  // Socket.IO reads null as "nothing to restore" (its namespace's _createSocket); the typings say Session.
  adapter.restoreSession = () => Promise.resolve(null as unknown as Session);
  return async (pid, offset) => (await restore(pid, offset)) ?? null;
}

/** A narrower room's name is joined once per scope, as `name|scope` (ticket-scopes.ts). */
function unscoped(roomNames: string[]): string[] {
  const names = new Set<string>();
  for (const room of roomNames) {
    const cut = room.lastIndexOf("|");
    if (cut > 0) names.add(room.slice(0, cut));
  }
  return [...names];
}

/**
 * Takes up the session the handshake names (`auth.pid`, `auth.offset`) for the
 * verified user, or returns undefined when the socket starts fresh. Called from
 * the last middleware, so the CONNECT packet carries the session's id.
 */
export async function resume(
  restore: Restore,
  socket: Socket,
  user: { claims: AccessClaims; scopes: string[] },
): Promise<Resumed | undefined> {
  const { pid, offset } = socket.handshake.auth as { pid?: unknown; offset?: unknown };
  if (typeof pid !== "string" || typeof offset !== "string") return undefined;
  const session = await restore(pid, offset);
  // User ids are unique across companies: the same id is the same person of the same company.
  const owner = (session?.data as { claims?: { id?: unknown } } | undefined)?.claims?.id;
  if (!session || owner !== user.claims.id) return undefined;
  const held = unscoped(session.rooms);
  const now = new Set([...accountRooms(user.claims), ...scopedRooms(held, user.scopes)]);
  const before = session.rooms.filter((room) => room !== session.sid);
  if (before.length !== now.size || before.some((room) => !now.has(room))) return undefined;
  // What Socket.IO's own recovery sets (private in its typings): the client knows itself recovered by it.
  (socket as unknown as { pid: string }).pid = session.pid;
  return { held, missed: session.missedPackets };
}

/** Sends what a resumed socket missed, after its CONNECT; each gets a new offset, from which a later recovery resumes. */
export function replay(socket: Socket, missed: unknown[][]): void {
  for (const packet of missed) {
    const [event, ...args] = packet.slice(0, -1);
    socket.emit(String(event), ...args);
  }
}
