/**
 * Socket.IO server: token in the connection query, company and user rooms,
 * the join/leave protocol of core-platform §7.9, and a typed `emit`; a
 * dropped socket's session taken up on our terms (recovery.ts), every client
 * event paced (event-pace.ts) and presence writes coalesced (presence-writes.ts).
 */
import type { Server as HttpServer } from "node:http";
import {
  channels,
  keyedChannels,
  roomEvents,
  rooms,
  timings,
  type ChannelName,
  type ChannelPayloads,
  type ErrorCode,
  type KeyedChannelName,
  type KeyedChannelPayloads,
} from "@balcao/contracts";
import { Server, type Socket } from "socket.io";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../http/errors.js";
import { handshakeRefusal, type SessionCheck } from "../modules/auth/session-check.js";
import type { AccessClaims, VerifiedAccess } from "../modules/auth/tokens.js";
import type { Viewer } from "../modules/tickets/ticket-visibility.js";
import { paceEvents } from "./event-pace.js";
import { coalescePresence, type Presence } from "./presence-writes.js";
import { accountRooms, deferRestore, replay, resume, type Resumed } from "./recovery.js";
import { registerRoomProtocol } from "./room-protocol.js";
import { viewerScopes } from "./ticket-scopes.js";

interface EmitTarget {
  companyId: number;
  /** A narrower room inside the company (ticket box, notification, status list). */
  room?: string;
  /** Several narrower rooms at once: a socket in more than one gets the event once. */
  rooms?: string[];
  /** Sockets in any of these rooms do not get the event. */
  except?: string[];
  /** Deliver to one user's sockets only. */
  userId?: number;
}

/** Who may see which ticket: read when a socket connects, and when it opens a ticket box. */
export interface Visibility {
  viewerOf(claims: AccessClaims): Promise<Viewer>;
  ticketRefusal(viewer: Viewer, ticketId: number): Promise<ErrorCode | undefined>;
}

export interface Realtime {
  io: Server;
  attach(server: HttpServer): void;
  emit<C extends ChannelName>(channel: C, target: EmitTarget, payload: ChannelPayloads[C]): void;
  /** The same on one record's channel (company-{companyId}-chat-{chatId} …), `key` naming the record. */
  emitKeyed<C extends KeyedChannelName>(
    channel: C,
    key: number,
    target: EmitTarget,
    payload: KeyedChannelPayloads[C],
  ): void;
  /** Company-less broadcast to every signed-in socket (announcements). */
  broadcast<C extends ChannelName>(channel: C, payload: ChannelPayloads[C]): void;
  /** Drops the sockets of a user or a company on every node; they reconnect through the handshake's check. */
  disconnect(target: { userId: number } | { companyId: number }): void;
  close(): Promise<void>;
}

export type SocketData = { claims: VerifiedAccess; viewer: Viewer };

function channelName(channel: ChannelName, companyId: number): string {
  const build = channels[channel];
  return build(companyId);
}

export function createRealtime(opts: {
  sessions: Pick<SessionCheck, "verify">;
  presence: Presence;
  visibility: Visibility;
  log: FastifyBaseLogger;
  adapter?: Parameters<Server["adapter"]>[0];
}): Realtime {
  const io = new Server({
    path: "/socket.io",
    pingInterval: timings.socketPingMs,
    pingTimeout: timings.socketPingMs,
    cors: { origin: false },
    // A socket that comes back within the window gets what it missed, on the terms of recovery.ts; one not
    // recovered (away longer, the server restarted, its user's rooms changed) reads its pages again.
    connectionStateRecovery: { maxDisconnectionDuration: timings.socketRecoveryMs, skipMiddlewares: false },
  });
  if (opts.adapter) io.adapter(opts.adapter);
  const restore = deferRestore(io.of("/").adapter);
  const resumed = new WeakMap<Socket, Resumed>();
  const presence = coalescePresence(opts.presence, opts.log);

  io.use((socket, next) => {
    const token: unknown = socket.handshake.query.token ?? socket.handshake.auth?.token;
    if (typeof token !== "string" || !token) return next(new Error("ERR_SESSION_EXPIRED"));
    opts.sessions.verify(token).then(
      (claims) => {
        (socket.data as SocketData).claims = claims;
        next();
      },
      (err: unknown) => {
        if (!(err instanceof AppError)) opts.log.warn({ err }, "socket handshake check failed");
        next(new Error(handshakeRefusal(err)));
      },
    );
  });

  // What the user may see is read once per connection; a change of it (profile, queues,
  // allTicket) disconnects the user's sockets, so a reconnect reads it again.
  io.use((socket, next) => {
    const data = socket.data as SocketData;
    opts.visibility.viewerOf(data.claims).then(
      (viewer) => {
        data.viewer = viewer;
        next();
      },
      (err: unknown) => {
        opts.log.warn({ err }, "socket visibility not read");
        next(new Error("ERR_INTERNAL_SERVER_ERROR"));
      },
    );
  });

  // Last, once the token is verified and what the user may see is known.
  io.use((socket, next) => {
    const { claims, viewer } = socket.data as SocketData;
    resume(restore, socket, { claims, scopes: viewerScopes(viewer) }).then(
      (session) => {
        if (session) resumed.set(socket, session);
        next();
      },
      (err: unknown) => {
        opts.log.warn({ err }, "socket session not restored");
        next();
      },
    );
  });

  io.on("connection", (socket) => {
    const { claims, viewer } = socket.data as SocketData;
    // A profile change drops the user's sockets, so the admins room is that of the current profile.
    void socket.join(accountRooms(claims));
    const access = {
      companyId: claims.companyId,
      scopes: viewerScopes(viewer),
      ticketRefusal: (ticketId: number) => opts.visibility.ticketRefusal(viewer, ticketId),
    };
    paceEvents(socket, opts.log, claims.id);
    const session = resumed.get(socket);
    registerRoomProtocol(socket, access, opts.log, session?.held ?? []);
    if (session) replay(socket, session.missed);
    // The socket lives as long as its token: the client reconnects with a fresh one.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, claims.expiresAt - Date.now()));
    presence.report(claims, true);
    socket.on(roomEvents.userStatus, () => presence.report(claims, true));
    socket.on("disconnect", () => {
      clearTimeout(expiry);
      void io
        .in(rooms.user(claims.id))
        .fetchSockets()
        .then((left) => (left.length === 0 ? presence.report(claims, false) : undefined));
    });
  });

  function send(name: string, target: EmitTarget, payload: unknown) {
    // User ids are unique across companies, so a user room never crosses tenants.
    const room = target.userId
      ? rooms.user(target.userId)
      : (target.rooms ?? target.room ?? rooms.company(target.companyId));
    // Socket.IO reads "no rooms" as every socket of the server: an empty audience hears nothing.
    if (room.length === 0) return;
    io.to(room)
      .except(target.except ?? [])
      .emit(name, payload);
  }

  return {
    io,
    attach: (server) => io.attach(server),
    emit: (channel, target, payload) => send(channelName(channel, target.companyId), target, payload),
    emitKeyed: (channel, key, target, payload) => send(keyedChannels[channel](target.companyId, key), target, payload),
    broadcast(channel, payload) {
      io.to(rooms.platform()).emit(channelName(channel, 0), payload);
    },
    disconnect(target) {
      io.in("userId" in target ? rooms.user(target.userId) : rooms.company(target.companyId)).disconnectSockets(true);
    },
    close: () => io.close().then(() => presence.flush()),
  };
}
