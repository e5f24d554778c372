/**
 * The web socket after a drop, against a real Socket.IO server with connection
 * state recovery: a blip within the server's window comes back recovered and the
 * page keeps what it has; a connection the server cannot recover (it restarted,
 * or the tab was away past the window) makes the page read its data again.
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

// The manager reads the token from the browser's storage.
beforeAll(() => {
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
});

const running: { io: Server; http: HttpServer }[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.io.close();
});

async function startServer(port = 0) {
  const http = createServer();
  const io = new Server(http, {
    path: "/socket.io",
    connectionStateRecovery: { maxDisconnectionDuration: 30_000, skipMiddlewares: true },
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  running.push({ io, http });
  return { io, port: (http.address() as AddressInfo).port };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
};

describe("a socket that drops", () => {
  it("keeps the page as it is after a recovered blip, and reads it again when the server could not recover", async () => {
    const { SocketManager } = await import("./socket");
    const first = await startServer();
    let resyncs = 0;
    const manager = new SocketManager({ url: `http://127.0.0.1:${first.port}`, onResync: () => void resyncs++ });
    manager.start();
    await until(() => manager.socket.connected);

    // Recovery resumes after the last event the client received.
    let heard = 0;
    manager.on("company-1-ticket", () => void heard++);
    first.io.emit("company-1-ticket", { action: "update" });
    await until(() => heard === 1);

    // A network blip: the transport closes, the client comes back within the window.
    const [serverSide] = await first.io.fetchSockets();
    first.io.of("/").sockets.get(serverSide!.id)?.conn.close();
    await until(() => !manager.socket.connected);
    await until(() => manager.socket.connected);
    expect(manager.socket.recovered).toBe(true);
    expect(resyncs).toBe(0);

    // The server restarts: nothing to recover from, so the page reads its data again.
    await first.io.close();
    running.splice(0);
    await until(() => !manager.socket.connected);
    await startServer(first.port);
    await until(() => manager.socket.connected);
    expect(manager.socket.recovered).toBe(false);
    expect(resyncs).toBe(1);
    manager.stop();
  });
});
