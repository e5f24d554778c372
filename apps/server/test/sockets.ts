/** Socket.IO clients for tests, connected to a test server exactly as the web client connects. */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rooms } from "@balcao/contracts";
import { io, type Socket } from "socket.io-client";
import type { TestServer } from "./harness.js";

export type ClientSocket = Socket;

const opened = new Set<Socket>();

/** Opens a socket with the token in the connection query and waits until it is connected. */
export function connectSocket(s: TestServer, token: string): Promise<Socket> {
  const socket = io(s.url, { query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  opened.add(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Opens a socket that must be refused; resolves with the connect_error message. */
export function refusedSocket(s: TestServer, query: Record<string, string>): Promise<string> {
  const socket = io(s.url, { query, transports: ["websocket"], reconnection: false, forceNew: true });
  opened.add(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => {
      socket.close();
      reject(new Error("the socket was accepted"));
    });
    socket.once("connect_error", (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

/** Collects every payload a socket receives on an event, from now on. */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** The next payload of an event, or a rejection after timeoutMs. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The reason the socket is disconnected for ("io server disconnect" when the server dropped it), or a rejection. */
export function disconnected(socket: Socket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * Resolves once every event the server sent to this socket before now has
 * arrived: a marker sent after them arrives after them (one connection keeps order).
 */
export async function flush(s: TestServer, socket: Socket): Promise<void> {
  const marker = nextEvent(socket, "test-flush");
  s.ctx.realtime.io.to(socket.id!).emit("test-flush");
  await marker;
}

/**
 * The names of every event that reaches the socket on the wire from now on, even those the client
 * holds back before the server accepted it (a refused handshake never hands those to the app).
 */
export function wireEvents(socket: Socket): string[] {
  const names: string[] = [];
  socket.io.on("packet", ({ data }) => {
    // An event's data is its name and arguments (an acknowledgement's, arguments only).
    if (Array.isArray(data) && typeof data[0] === "string") names.push(data[0]);
  });
  return names;
}

/**
 * Drops the socket's transport as a network failure does (the server keeps its session for
 * recovery) and waits until the server has let it go.
 */
export async function dropTransport(s: TestServer, socket: Socket, userId: number): Promise<void> {
  socket.io.engine.close();
  await until(async () => (await s.ctx.realtime.io.in(rooms.user(userId)).fetchSockets()).length === 0);
}

/**
 * Connects a dropped socket again with `token`, as the web client does (its session id and
 * offset ride along); resolves with the refusal's message, or undefined once connected.
 */
export function reconnectWith(socket: Socket, token: string): Promise<string | undefined> {
  socket.io.opts.query = { token };
  return new Promise((resolve) => {
    socket.once("connect", () => resolve(undefined));
    socket.once("connect_error", (err) => resolve(err.message));
    socket.connect();
  });
}

/** What an outside client saw when it sent one event many times at once (test/socket-flooder.ts). */
export interface Flood {
  /** The acknowledgements it got. */
  answers: unknown[];
  /** Why it was disconnected ("io server disconnect": the server dropped it), or "still connected". */
  reason: string;
}

/**
 * Floods the server from another process, as an attacker's client would: its own work does not slow
 * this process, where the test server lives. Resolves once the server dropped it (or 10 s passed).
 */
export function floodFromOutside(s: TestServer, token: string, event: string, count: number): Promise<Flood> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", "socket-flooder.ts", s.url, token, event, String(count)], {
    cwd: here,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as Flood) : reject(new Error(`the flooder exited with ${code}`)),
    ),
  );
}

export type RoomAnswer = { joined?: true; left?: true; error?: string };

/** Sends a room event (joinTickets "open", joinChatBox {ticketId} …) and resolves with the server's answer. */
export function roomEvent(socket: Socket, event: string, arg?: unknown): Promise<RoomAnswer> {
  return arg === undefined ? socket.timeout(3000).emitWithAck(event) : socket.timeout(3000).emitWithAck(event, arg);
}

/** Joins a room as the web client does, failing the test when the server refuses. */
export async function joinRoom(socket: Socket, event: string, arg?: unknown): Promise<void> {
  const answer = await roomEvent(socket, event, arg);
  if (!answer.joined) throw new Error(`${event} ${JSON.stringify(arg)} refused: ${JSON.stringify(answer)}`);
}

/** Waits until the server has put this socket in a room (after a join event). */
export function inRoom(s: TestServer, socket: Socket, room: string, expected = true): Promise<void> {
  return until(async () => {
    const members = await s.ctx.realtime.io.in(room).fetchSockets();
    return members.some((m) => m.id === socket.id) === expected;
  });
}

export function closeAllSockets() {
  for (const socket of opened) socket.close();
  opened.clear();
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 3000, stepMs = 25) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
