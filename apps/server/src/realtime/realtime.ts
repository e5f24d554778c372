/**
 * Socket.IO server: token in the connection query, company and user rooms,
 * the join/leave protocol of core-platform §7.9, and a typed `emit`.
 */
import type { Server as HttpServer } from "node:http";
import { channels, roomEvents, rooms, timings, type ChannelName, type ChannelPayloads } from "@balcao/contracts";
import { Server, type Socket } from "socket.io";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../http/errors.js";
import { handshakeRefusal, type SessionCheck } from "../modules/auth/session-check.js";
import type { AccessClaims, VerifiedAccess } from "../modules/auth/tokens.js";

export interface Presence {
  /** Called on connect, on each userStatus report and on the last disconnect. */
  report(claims: AccessClaims, online: boolean): Promise<void>;
}

interface EmitTarget {
  companyId: number;
  /** A narrower room inside the company (ticket box, notification, status list). */
  room?: string;
  /** Several narrower rooms at once: a socket in more than one gets the event once. */
  rooms?: string[];
  /** Deliver to one user's sockets only. */
  userId?: number;
}

export interface Realtime {
  io: Server;
  attach(server: HttpServer): void;
  emit<C extends ChannelName>(channel: C, target: EmitTarget, payload: ChannelPayloads[C]): void;
  /** Company-less broadcast to every signed-in socket (announcements). */
  broadcast<C extends ChannelName>(channel: C, payload: ChannelPayloads[C]): void;
  /** Drops the sockets of a user or a company on every node; they reconnect through the handshake's check. */
  disconnect(target: { userId: number } | { companyId: number }): void;
  close(): Promise<void>;
}

export type SocketData = { claims: VerifiedAccess };

function channelName(channel: ChannelName, companyId: number): string {
  const build = channels[channel];
  return build(companyId);
}

const ticketStatuses = new Set(["open", "pending", "closed", "group"]);

function registerRoomProtocol(socket: Socket, claims: AccessClaims) {
  const company = claims.companyId;
  // Room names are built inside the company, so a ticket id of another
  // company only ever joins an empty room of this company.
  const ticketRoom = (ticketId: unknown) =>
    typeof ticketId === "string" || typeof ticketId === "number" ? rooms.chatBox(company, ticketId) : undefined;
  const statusRoom = (status: unknown) =>
    typeof status === "string" && ticketStatuses.has(status) ? rooms.tickets(company, status) : undefined;
  const on = (event: string, pick: (arg: unknown) => string | undefined, join: boolean) =>
    socket.on(event, (arg: unknown) => {
      const room = pick(arg);
      if (!room) return;
      if (join) void socket.join(room);
      else void socket.leave(room);
    });
  on(roomEvents.joinChatBox, ticketRoom, true);
  on(roomEvents.leaveChatBox, ticketRoom, false);
  on(roomEvents.joinNotification, () => rooms.notification(company), true);
  on(roomEvents.leaveNotification, () => rooms.notification(company), false);
  on(roomEvents.joinTickets, statusRoom, true);
  on(roomEvents.leaveTickets, statusRoom, false);
}

export function createRealtime(opts: {
  sessions: Pick<SessionCheck, "verify">;
  presence: Presence;
  log: FastifyBaseLogger;
  adapter?: Parameters<Server["adapter"]>[0];
}): Realtime {
  const io = new Server({
    path: "/socket.io",
    pingInterval: timings.socketPingMs,
    pingTimeout: timings.socketPingMs,
    cors: { origin: false },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  if (opts.adapter) io.adapter(opts.adapter);

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

  io.on("connection", (socket) => {
    const { claims } = socket.data as SocketData;
    void socket.join([rooms.company(claims.companyId), rooms.user(claims.id), rooms.platform()]);
    registerRoomProtocol(socket, claims);
    // The socket lives as long as its token: the client reconnects with a fresh one.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, claims.expiresAt - Date.now()));
    const report = (online: boolean) =>
      opts.presence.report(claims, online).catch((err: unknown) => opts.log.warn({ err }, "presence update failed"));
    void report(true);
    socket.on(roomEvents.userStatus, () => void report(true));
    socket.on("disconnect", () => {
      clearTimeout(expiry);
      void io
        .in(rooms.user(claims.id))
        .fetchSockets()
        .then((left) => (left.length === 0 ? report(false) : undefined));
    });
  });

  return {
    io,
    attach: (server) => io.attach(server),
    emit(channel, target, payload) {
      // User ids are unique across companies, so a user room never crosses tenants.
      const room = target.userId
        ? rooms.user(target.userId)
        : (target.rooms ?? target.room ?? rooms.company(target.companyId));
      io.to(room).emit(channelName(channel, target.companyId), payload);
    },
    broadcast(channel, payload) {
      io.to(rooms.platform()).emit(channelName(channel, 0), payload);
    },
    disconnect(target) {
      io.in("userId" in target ? rooms.user(target.userId) : rooms.company(target.companyId)).disconnectSockets(true);
    },
    close: () => io.close(),
  };
}
