/**
 * Socket.IO server: token in the connection query, company and user rooms,
 * the join/leave protocol of core-platform §7.9, and a typed `emit`.
 */
import type { Server as HttpServer } from "node:http";
import {
  channels,
  roomEvents,
  rooms,
  timings,
  type ChannelName,
  type ChannelPayloads,
  type ErrorCode,
} from "@balcao/contracts";
import { Server } from "socket.io";
import type { FastifyBaseLogger } from "fastify";
import type { AccessClaims, Tokens } from "../modules/auth/tokens.js";
import type { Viewer } from "../modules/tickets/ticket-visibility.js";
import { registerRoomProtocol } from "./room-protocol.js";
import { viewerScopes } from "./ticket-scopes.js";

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
  /** Company-less broadcast to every signed-in socket (announcements). */
  broadcast<C extends ChannelName>(channel: C, payload: ChannelPayloads[C]): void;
  close(): Promise<void>;
}

type SocketData = { claims: AccessClaims; viewer: Viewer };

function channelName(channel: ChannelName, companyId: number): string {
  const build = channels[channel];
  return build(companyId);
}

export function createRealtime(opts: {
  tokens: Tokens;
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
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  if (opts.adapter) io.adapter(opts.adapter);

  io.use((socket, next) => {
    const token: unknown = socket.handshake.query.token ?? socket.handshake.auth?.token;
    try {
      if (typeof token !== "string" || !token) throw new Error("missing token");
      (socket.data as SocketData).claims = opts.tokens.verifyAccess(token);
      next();
    } catch {
      // Expired tokens are refused: the client reloads and refreshes (core-platform §4.5).
      next(new Error("ERR_SESSION_EXPIRED"));
    }
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

  io.on("connection", (socket) => {
    const { claims, viewer } = socket.data as SocketData;
    void socket.join([rooms.company(claims.companyId), rooms.user(claims.id), rooms.platform()]);
    const access = {
      companyId: claims.companyId,
      scopes: viewerScopes(viewer),
      ticketRefusal: (ticketId: number) => opts.visibility.ticketRefusal(viewer, ticketId),
    };
    registerRoomProtocol(socket, access, opts.log);
    const report = (online: boolean) =>
      opts.presence.report(claims, online).catch((err: unknown) => opts.log.warn({ err }, "presence update failed"));
    void report(true);
    socket.on(roomEvents.userStatus, () => void report(true));
    socket.on("disconnect", () => {
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
      io.to(room)
        .except(target.except ?? [])
        .emit(channelName(channel, target.companyId), payload);
    },
    broadcast(channel, payload) {
      io.to(rooms.platform()).emit(channelName(channel, 0), payload);
    },
    close: () => io.close(),
  };
}
