/**
 * GET /public/{mediaPath} over a real HTTP connection, paths sent byte for byte
 * as a hostile client writes them (fetch and inject would normalise the dots):
 * a company's users read its own files and the announcements, never another
 * company's folder or anything outside the media root (DESIGN §4, §10).
 */
import { request } from "node:http";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { imageKind, SHARED_FOLDER, type MediaOwner } from "./storage.js";
import { buildTenant } from "../../test/factories.js";
import type { TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);

/** A GET whose path goes on the wire exactly as given. */
function rawGet(rawPath: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/`, { path: rawPath, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("latin1") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A PNG received and kept in an owner's folder, as an upload would be. */
async function keepPng(owner: MediaOwner, filename: string) {
  const received = await s.ctx.media.receive(Readable.from([PNG]), imageKind.maxBytes);
  return s.ctx.media.keep(owner, { ...received, filename }, imageKind);
}

async function scene() {
  const a = await buildTenant(s);
  const b = await buildTenant(s);
  const own = await keepPng(a.company.id, "a.png");
  const theirs = await keepPng(b.company.id, "b.png");
  const shared = await keepPng(SHARED_FOLDER, "aviso.png");
  return { a, b, own, theirs, shared, theirName: path.basename(theirs.mediaPath) };
}

describe("GET /public/{mediaPath}", () => {
  it("serves a user their company's files and the announcements", async () => {
    const c = await scene();
    for (const file of [c.own, c.shared]) {
      const res = await rawGet(`/api/public/${file.mediaPath}`, c.a.agent.token);
      expect(res.status).toBe(200);
      expect(Buffer.from(res.body, "latin1").equals(PNG)).toBe(true);
    }
    expect((await rawGet(`/api/public/${c.theirs.mediaPath}`, c.a.agent.token)).status).toBe(404);
  });

  it("never reaches another company's folder through dot segments, raw or encoded", async () => {
    const c = await scene();
    const B = c.b.company.id;
    const A = c.a.company.id;
    const paths = [
      `${A}/../${B}/${c.theirName}`,
      `${A}/%2e%2e/${B}/${c.theirName}`,
      `${A}/%2E%2E%2F${B}%2F${c.theirName}`,
      `${A}/..%2f${B}/${c.theirName}`,
      `${A}%2f..%2f${B}%2f${c.theirName}`,
      `${SHARED_FOLDER}/../${B}/${c.theirName}`,
      `${SHARED_FOLDER}/%2e%2e/${B}/${c.theirName}`,
      `${A}/./../${B}/${c.theirName}`,
      `${A}/..%5c${B}%5c${c.theirName}`,
      `${A}\\..\\${B}\\${c.theirName}`,
      `${A}//../${B}/${c.theirName}`,
    ];
    for (const p of paths) {
      const res = await rawGet(`/api/public/${p}`, c.a.agent.token);
      expect(res.status, p).toBe(404);
      expect(JSON.parse(res.body), p).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });

  it("never reaches a file outside the media root", async () => {
    const c = await scene();
    await writeFile(path.join(s.ctx.media.root, "..", "outside.txt"), "server secret");
    const A = c.a.company.id;
    for (const p of [
      `${A}/../../outside.txt`,
      `${A}/%2e%2e/%2e%2e/outside.txt`,
      `..%2foutside.txt`,
      `%2e%2e/outside.txt`,
    ]) {
      const res = await rawGet(`/api/public/${p}`, c.a.agent.token);
      expect(res.status, p).toBe(404);
      expect(res.body).not.toContain("server secret");
    }
  });
});
