/**
 * The Graph client's kept connections (graph.ts): calls share a connection,
 * and one the server closes just as it is reused is tried once more on a new
 * connection; a call on a new connection that fails is not tried again.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ChannelError } from "../driver.js";
import { GraphClient, GraphUnavailable } from "./graph.js";

const answer = (body: string) =>
  `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
  `connection: keep-alive\r\n\r\n${body}`;

/**
 * A Graph stand-in speaking raw HTTP/1.1, so a connection can be cut between two requests: `cutAt` is the
 * request number, counted per connection, at which it resets the connection instead of answering.
 */
function rawGraph(cutAt: number) {
  const seen = { requests: 0, connections: 0 };
  const server: Server = createServer((socket: Socket) => {
    seen.connections++;
    let onThisConnection = 0;
    socket.on("data", () => {
      seen.requests++;
      onThisConnection++;
      if (onThisConnection === cutAt) socket.resetAndDestroy();
      else socket.write(answer(JSON.stringify({ messages: [{ id: `wamid.${seen.requests}` }] })));
    });
    socket.on("error", () => undefined);
  });
  return { server, seen };
}

let open: Server | undefined;
afterEach(() => {
  open?.close();
  open = undefined;
});

async function clientOf(server: Server) {
  open = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return new GraphClient({ baseUrl: `http://127.0.0.1:${port}`, phoneNumberId: "1001", accessToken: "t" });
}

const send = (graph: GraphClient) =>
  graph.json<{ messages: { id: string }[] }>(["1001", "messages"], "ERR_SENDING_WAPP_MSG", { to: "5511" });

describe("cloud: the Graph client's connections", () => {
  it("sends one call after another on one connection", async () => {
    const { server, seen } = rawGraph(0);
    const graph = await clientOf(server);
    for (let i = 1; i <= 3; i++) expect((await send(graph)).messages[0]!.id).toBe(`wamid.${i}`);
    expect(seen).toEqual({ requests: 3, connections: 1 });
  });

  it("a kept connection reset as it is reused: the call goes again on a new one and is answered", async () => {
    const { server, seen } = rawGraph(2);
    const graph = await clientOf(server);
    expect((await send(graph)).messages[0]!.id).toBe("wamid.1");
    expect((await send(graph)).messages[0]!.id).toBe("wamid.3");
    expect(seen).toEqual({ requests: 3, connections: 2 });
  });

  it("a new connection reset: the call fails as the Graph API unreachable, and is not tried again", async () => {
    const { server, seen } = rawGraph(1);
    const graph = await clientOf(server);
    const failed = await send(graph).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(GraphUnavailable);
    expect((failed as ChannelError).providerMessage).toMatch(/Graph API unreachable/);
    expect(seen).toEqual({ requests: 1, connections: 1 });
  });
});
