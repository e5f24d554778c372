/**
 * The guarded client against a real HTTP server on 127.0.0.1 (issue 17 item 7):
 * time limit, size cap, redirects, and the SSRF guard at save and call time.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../http/errors.js";
import {
  OutboundError,
  assertOutboundUrlAllowed,
  classifyAddress,
  guardedFetch,
  outboundFetch,
  outboundPolicy,
  setOutboundPolicy,
} from "./index.js";

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
const routes = new Map<string, Handler>();
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer }[] = [];
let server: Server;
let base: string;
const before = outboundPolicy();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const handler = routes.get(req.url!.split("?")[0]!);
      if (handler) handler(req, res, body);
      else res.writeHead(404).end("nothing here");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const port = (server.address() as AddressInfo).port;
  routes.set("/json", (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'));
  routes.set("/echo", (req, res, body) =>
    res
      .writeHead(201, { "content-type": "application/json" })
      .end(JSON.stringify({ method: req.method, type: req.headers["content-type"], body: body.toString() })),
  );
  routes.set("/silent", () => undefined); // never answers
  routes.set("/slow-body", (_req, res) => {
    res.writeHead(200);
    res.write("first part…");
  });
  routes.set("/big-declared", (_req, res) => res.writeHead(200, { "content-length": "2048" }).end("x".repeat(2048)));
  routes.set("/big-streamed", (_req, res) => {
    res.writeHead(200);
    for (let i = 0; i < 8; i++) res.write("y".repeat(512));
    res.end();
  });
  routes.set("/gzip", (_req, res) =>
    res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.from("unpacked text"))),
  );
  routes.set("/gzip-bomb", (_req, res) =>
    res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(1024 * 1024))),
  );
  routes.set("/to-same-host", (_req, res) => res.writeHead(302, { location: "/json" }).end());
  routes.set("/post-303", (_req, res) => res.writeHead(303, { location: `${base}/echo` }).end());
  routes.set("/to-other-host", (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/json` }).end());
  routes.set("/to-metadata", (_req, res) =>
    res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
  );
  routes.set("/loop", (_req, res) => res.writeHead(302, { location: "/loop" }).end());
});

afterEach(() => setOutboundPolicy({ allowPrivate: true }));
afterAll(async () => {
  setOutboundPolicy(before);
  await new Promise((resolve) => server.close(resolve));
});

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe("outboundFetch to a server it may reach", () => {
  beforeAll(() => setOutboundPolicy({ allowPrivate: true }));

  it("answers status, headers and the body as JSON, text or bytes", async () => {
    const res = await outboundFetch(`${base}/json`);
    expect([res.status, res.ok, res.headers.get("content-type")]).toEqual([200, true, "application/json"]);
    expect(await res.json()).toEqual({ ok: true });
    expect(await res.text()).toBe('{"ok":true}');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('{"ok":true}');
  });

  it("sends the method, headers and body, JSON and multipart alike", async () => {
    const json = await outboundFetch(`${base}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await json.json()).toEqual({ method: "POST", type: "application/json", body: '{"a":1}' });
    expect(seen.at(-1)!.headers.authorization).toBe("Bearer k");
    const form = new FormData();
    form.append("model", "whisper-1");
    form.append("file", new Blob([Buffer.from("OggS")], { type: "audio/ogg" }), "voice.ogg");
    const multipart = await outboundFetch(`${base}/echo`, { method: "POST", body: form });
    const echoed = await multipart.json<{ type: string; body: string }>();
    expect(echoed.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(echoed.body).toContain('name="file"; filename="voice.ogg"');
    expect(echoed.body).toContain("whisper-1");
  });

  it("a non-2xx answer is an answer, not an error", async () => {
    const res = await outboundFetch(`${base}/nowhere`);
    expect([res.status, res.ok, await res.text()]).toEqual([404, false, "nothing here"]);
  });

  it("gives up at the time limit, whether the answer or its body is late", async () => {
    const started = Date.now();
    const err = await failure(outboundFetch(`${base}/silent`, { timeoutMs: 300 }));
    expect([err.kind, err.retryable]).toEqual(["timeout", true]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await failure(outboundFetch(`${base}/slow-body`, { timeoutMs: 300 }))).kind).toBe("timeout");
    expect((await failure(outboundFetch(`${base}/silent`, { timeoutMs: -5 }))).kind).toBe("timeout");
  });

  it("refuses a body over the cap, declared or streamed, and after decompression", async () => {
    expect((await failure(outboundFetch(`${base}/big-declared`, { maxBytes: 1024 }))).kind).toBe("too-large");
    expect((await failure(outboundFetch(`${base}/big-streamed`, { maxBytes: 1024 }))).kind).toBe("too-large");
    expect(await (await outboundFetch(`${base}/gzip`)).text()).toBe("unpacked text");
    expect((await failure(outboundFetch(`${base}/gzip-bomb`, { maxBytes: 64 * 1024 }))).kind).toBe("too-large");
  });

  it("follows redirects on the same host only", async () => {
    const same = await outboundFetch(`${base}/to-same-host`);
    expect([same.status, same.url]).toEqual([200, `${base}/json`]);
    const posted = await outboundFetch(`${base}/post-303`, { method: "POST", body: "x" });
    expect(await posted.json()).toMatchObject({ method: "GET", body: "" });
    const other = await failure(outboundFetch(`${base}/to-other-host`));
    expect([other.kind, other.retryable]).toEqual(["redirect", false]);
    expect(seen.some((r) => r.headers.host?.startsWith("127.0.0.2"))).toBe(false);
    expect((await failure(outboundFetch(`${base}/to-metadata`))).kind).toBe("redirect");
    expect((await failure(outboundFetch(`${base}/loop`))).kind).toBe("redirect");
    const manual = await outboundFetch(`${base}/to-other-host`, { redirect: "manual" });
    expect(manual.status).toBe(302);
  });

  it("a refused connection is a network error, worth a retry", async () => {
    const err = await failure(outboundFetch("http://127.0.0.1:9/"));
    expect([err.kind, err.retryable]).toEqual(["network", true]);
  });

  it("guardedFetch is a fetch an SDK can be given", async () => {
    const asFetch: typeof fetch = guardedFetch;
    expect(asFetch).toBe(guardedFetch);
    const res = await guardedFetch(new Request(`${base}/echo`, { method: "PUT", body: "abc" }));
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.url]).toEqual([201, `${base}/echo`]);
    expect(await res.json()).toMatchObject({ method: "PUT", body: "abc" });
    const err = await guardedFetch("http://169.254.169.254/").catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "forbidden" });
  });
});

describe("the SSRF guard", () => {
  const refusedAlways = [
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://0.0.0.0/",
    "http://[::]/",
  ];
  const privateOnes = [
    "http://127.0.0.1/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://[::1]/",
    "http://[fd00::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://localhost/",
  ];

  it("refuses at save time loopback, private, link-local and unspecified addresses, and other schemes", async () => {
    setOutboundPolicy({ allowPrivate: false });
    for (const url of [...refusedAlways, ...privateOnes, "file:///etc/passwd", "ftp://example.com/", "not a url"]) {
      const err = await assertOutboundUrlAllowed(url, { field: "urlN8N" }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(AppError);
      expect(err, url).toMatchObject({ code: "ERR_OUTBOUND_URL_FORBIDDEN", status: 400, details: { field: "urlN8N" } });
    }
    await expect(assertOutboundUrlAllowed("https://93.184.215.14/webhook")).resolves.toBeUndefined();
  });

  it("refuses again at call time, before connecting, a name that resolves to loopback included", async () => {
    setOutboundPolicy({ allowPrivate: false });
    const port = new URL(base).port;
    for (const url of [`${base}/json`, `http://localhost:${port}/json`, `http://[::1]:${port}/`, "http://10.0.0.1/"]) {
      const err = await failure(outboundFetch(url, { timeoutMs: 2000 }));
      expect([url, err.kind, err.retryable]).toEqual([url, "forbidden", false]);
    }
    expect(seen.some((r) => r.url === "/json" && r.headers.host === `localhost:${port}`)).toBe(false);
  });

  it("ALLOW_PRIVATE_OUTBOUND lets loopback and private networks through, never link-local", async () => {
    setOutboundPolicy({ allowPrivate: true });
    for (const url of privateOnes) await expect(assertOutboundUrlAllowed(url), url).resolves.toBeUndefined();
    expect((await outboundFetch(`${base}/json`)).status).toBe(200);
    for (const url of refusedAlways) {
      await expect(assertOutboundUrlAllowed(url), url).rejects.toMatchObject({ code: "ERR_OUTBOUND_URL_FORBIDDEN" });
      expect((await failure(outboundFetch(url, { timeoutMs: 2000 }))).kind, url).toBe("forbidden");
    }
  });

  it("a trusted URL (the operator's environment) is not checked", async () => {
    setOutboundPolicy({ allowPrivate: false });
    expect((await outboundFetch(`${base}/json`, { trusted: true })).status).toBe(200);
  });

  it("judges IPv6 forms of IPv4 addresses by the IPv4 address", () => {
    expect(classifyAddress("::ffff:10.0.0.1")).toBe("private");
    expect(classifyAddress("::ffff:a9fe:a9fe")).toBe("never");
    expect(classifyAddress("64:ff9b::169.254.169.254")).toBe("never");
    expect(classifyAddress("::ffff:8.8.8.8")).toBe("public");
    expect(classifyAddress("2606:4700::1111")).toBe("public");
    expect(classifyAddress("100.100.100.200")).toBe("private");
    expect(classifyAddress("example.com")).toBe("never");
  });
});
