/**
 * One Socket.IO connection per signed-in tab (core-platform §7.9, §4.5):
 * the access token rides in the connection query; an expired token is
 * refreshed once and the socket reconnects, otherwise the page reloads after
 * 1 s; joined rooms are re-sent after a reconnect the server could not
 * recover, and what the page shows is read again (`onResync`: events sent
 * while it was away are lost then); userStatus is reported on connect and
 * every 5 minutes. The server
 * drops a socket whose token expired or whose session changed (profile,
 * queues) or ended: it reconnects with the newest token, through the same
 * refresh-once-or-reload path.
 */
import { roomEvents, timings, type ErrorCode } from "@balcao/contracts";
import { io, type Socket } from "socket.io-client";
import { refreshToken } from "./http";
import { readStored } from "./storage";

export type JoinEvent =
  typeof roomEvents.joinChatBox | typeof roomEvents.joinNotification | typeof roomEvents.joinTickets;

const leaveEventOf: Record<JoinEvent, string> = {
  joinChatBox: roomEvents.leaveChatBox,
  joinNotification: roomEvents.leaveNotification,
  joinTickets: roomEvents.leaveTickets,
};

interface Joined {
  event: JoinEvent;
  arg: unknown;
  /** Several components may want the same room; it is left when the last lets go. */
  holders: number;
}

/** Handshake refusals a fresh token may cure; a refresh that fails means the session is gone. */
const sessionRefusals = new Set<string>([
  "ERR_SESSION_EXPIRED",
  "ERR_COMPANY_INACTIVE",
  "ERR_SUBSCRIPTION_EXPIRED",
] satisfies ErrorCode[]);

/** After a refusal for another reason (the server could not check the session), the next try. */
const RETRY_REFUSED_MS = 5000;

export function reloadSoon() {
  setTimeout(() => window.location.reload(), timings.forcedLogoutReloadMs);
}

export class SocketManager {
  readonly socket: Socket;
  private readonly joined = new Map<string, Joined>();
  private statusTimer: ReturnType<typeof setInterval> | undefined;
  /** One refresh per expiry; a second refusal in a row means the session is gone. */
  private refreshedForExpiry = false;
  private stopped = false;
  private connectedBefore = false;

  /** `url`: the server (the page's own when absent); `onResync`: after a reconnect the server could not recover. */
  constructor(private readonly options: { url?: string; onResync?: () => void } = {}) {
    const settings = { path: "/socket.io", query: { token: currentToken() }, autoConnect: false };
    this.socket = options.url ? io(options.url, settings) : io(settings);
    this.socket.on("connect", this.handleConnect);
    this.socket.on("connect_error", this.handleConnectError);
    this.socket.on("disconnect", this.handleDisconnect);
    // Automatic reconnections carry the newest token: the HTTP client may have refreshed it meanwhile.
    this.socket.io.on("reconnect_attempt", this.useLatestToken);
  }

  start() {
    this.socket.connect();
    this.statusTimer = setInterval(() => {
      if (this.socket.connected) this.socket.emit(roomEvents.userStatus);
    }, timings.userStatusIntervalMs);
  }

  stop() {
    this.stopped = true;
    clearInterval(this.statusTimer);
    if (this.socket.connected) for (const j of this.joined.values()) this.send(leaveEventOf[j.event], j.arg);
    this.joined.clear();
    this.socket.io.off("reconnect_attempt", this.useLatestToken);
    this.socket.off();
    this.socket.disconnect();
  }

  /** Listen to a server event; returns the unsubscribe function. */
  on<T>(event: string, handler: (payload: T) => void): () => void {
    this.socket.on(event, handler);
    return () => {
      this.socket.off(event, handler);
    };
  }

  /** Join a narrower room (joinChatBox {ticketId}, joinNotification, joinTickets {status}); returns the leave. */
  join(event: JoinEvent, arg?: unknown): () => void {
    const key = `${event}:${JSON.stringify(arg ?? null)}`;
    const existing = this.joined.get(key);
    if (existing) existing.holders += 1;
    else {
      this.joined.set(key, { event, arg, holders: 1 });
      // While disconnected the connect handler sends it, so it is never sent twice.
      if (this.socket.connected) this.send(event, arg);
    }
    let released = false;
    return () => {
      const entry = this.joined.get(key);
      if (released || !entry) return;
      released = true;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      this.joined.delete(key);
      if (this.socket.connected) this.send(leaveEventOf[event], arg);
    };
  }

  private send(event: string, arg: unknown) {
    if (arg === undefined) this.socket.emit(event);
    else this.socket.emit(event, arg);
  }

  private readonly useLatestToken = () => {
    this.socket.io.opts.query = { token: currentToken() };
  };

  private readonly handleConnect = () => {
    this.refreshedForExpiry = false;
    this.socket.emit(roomEvents.userStatus);
    // A recovered connection kept its rooms on the server and got what it missed; a fresh one starts with
    // no rooms, and what was sent meanwhile (away past the server's recovery window, or the server restarted)
    // is lost: the page reads its data again.
    if (!this.socket.recovered) {
      for (const j of this.joined.values()) this.send(j.event, j.arg);
      if (this.connectedBefore) this.options.onResync?.();
    }
    this.connectedBefore = true;
  };

  /** Connects again with the newest token: socket.io itself does not after the server refused or dropped it. */
  private readonly reconnect = () => {
    if (this.stopped) return;
    this.useLatestToken();
    this.socket.connect();
  };

  private readonly handleConnectError = (err: Error) => {
    if (this.stopped) return;
    // Network errors retry on their own; a refusal by the server does not.
    if (!sessionRefusals.has(err.message)) {
      if (!this.socket.active) setTimeout(this.reconnect, RETRY_REFUSED_MS);
      return;
    }
    if (this.refreshedForExpiry) return reloadSoon();
    this.refreshedForExpiry = true;
    refreshToken().then(this.reconnect).catch(reloadSoon);
  };

  private readonly handleDisconnect = (reason: Socket.DisconnectReason) => {
    // The server dropped it: token expired, session changed or ended. The newest token may
    // still be good (a queue change); if not, the refusal takes the refresh-once path.
    if (reason === "io server disconnect") this.reconnect();
  };
}

function currentToken(): string {
  return readStored<string>("token") ?? "";
}
