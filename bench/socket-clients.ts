/**
 * The ingest bench's listening agents (BENCH_SOCKETS), in their own process (forked by
 * bench/sockets.ts) so their Socket.IO client work does not run on the server's event loop:
 * each socket signs in with one of the given tokens and joins the rooms the web workspace
 * joins (every status list and the notification room), then counts what it receives.
 *
 * Its argument is a SocketPlan as JSON. Talks to its parent over the fork IPC channel:
 *   ← {ready: n}            once every socket is connected and in its rooms
 *   → {count: true}         ← {received: n}   events received so far, over every socket
 *   → {close: true}         disconnects and exits
 */
import { io, type Socket } from "socket.io-client";

export interface SocketPlan {
  /** The server's origin (http://host:port). */
  url: string;
  tokens: string[];
  /** Sockets to open; socket i signs in with tokens[i % tokens.length]. */
  sockets: number;
}

export type ToSockets = { count: true } | { close: true };
export type FromSockets = { ready: number } | { received: number } | { error: string };

const send = (message: FromSockets) => process.send!(message);

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => reject(err));
  });
}

function join(socket: Socket, event: string, arg?: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.emit(event, arg, (answer: { joined?: boolean; error?: string }) =>
      answer.joined ? resolve() : reject(new Error(`${event}: ${answer.error}`)),
    );
  });
}

async function main() {
  const plan = JSON.parse(process.argv[2]!) as SocketPlan;
  let received = 0;
  const sockets: Socket[] = [];
  // One at a time, as agents arrive: each connection reads its user's visibility once.
  for (let i = 0; i < plan.sockets; i++) {
    const socket = await connect(plan.url, plan.tokens[i % plan.tokens.length]!);
    sockets.push(socket);
    for (const status of ["open", "pending", "closed"]) await join(socket, "joinTickets", { status });
    await join(socket, "joinNotification");
    socket.onAny(() => (received += 1));
  }
  process.on("message", (message: ToSockets) => {
    if ("count" in message) send({ received });
    else {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
  send({ ready: sockets.length });
}

main().catch((err: unknown) => {
  send({ error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
