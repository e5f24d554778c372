/** POST/DELETE /announcements/{id}/media-upload and reading the image (business-areas §2.14, §7). */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements } from "../../db/schema/index.js";
import { imageKind, SHARED_FOLDER } from "../../media/storage.js";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, login } from "../../../test/factories.js";

let s: TestServer;
let superToken: string;
beforeAll(async () => {
  s = await startTestServer();
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await s.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** A real multipart request over HTTP, as the browser sends it. */
function upload(id: number, name: string, data: Buffer, token = superToken) {
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(data)]), name);
  return fetch(`${s.url}/api/announcements/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
}
const create = async (status = true) =>
  (
    await s.request({
      method: "POST",
      path: "/announcements",
      token: superToken,
      body: { title: "T", text: "x", status },
    })
  ).json<{
    id: number;
  }>();
const row = async (id: number) => (await s.ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0]!;
const storedFiles = async () => readdir(path.join(s.ctx.media.root, SHARED_FOLDER)).catch(() => [] as string[]);

describe("announcement image", () => {
  it("stores a .png, serves it to a user of another company, replaces it with a .jpeg and removes it", async () => {
    const a = await create();
    const res = await upload(a.id, "aviso.png", PNG);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mediaPath: string; mediaName: string };
    expect(body).toMatchObject({
      mediaName: "aviso.png",
      mediaPath: expect.stringMatching(/^announcements\/.+\.png$/),
    });
    expect((await row(a.id)).mediaPath).toBe(body.mediaPath);

    const { agent } = await buildTenant(s);
    const image = await s.request({ path: `/public/${body.mediaPath}`, token: agent.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await s.request({ path: `/public/${body.mediaPath}` })).statusCode).toBe(401);

    const replaced = (await (await upload(a.id, "foto.JPEG", JPG)).json()) as { mediaPath: string };
    expect(replaced.mediaPath).toMatch(/\.jpeg$/);
    expect(await storedFiles()).not.toContain(path.basename(body.mediaPath));

    const removed = await s.request({
      method: "DELETE",
      path: `/announcements/${a.id}/media-upload`,
      token: superToken,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await storedFiles()).not.toContain(path.basename(replaced.mediaPath));
  });

  it("removes the image file when the announcement is deleted", async () => {
    const a = await create();
    const { mediaPath } = (await (await upload(a.id, "x.jpg", JPG)).json()) as { mediaPath: string };
    expect(await storedFiles()).toContain(path.basename(mediaPath));
    await s.request({ method: "DELETE", path: `/announcements/${a.id}`, token: superToken });
    expect(await storedFiles()).not.toContain(path.basename(mediaPath));
  });

  const refused: [string, string, Buffer, number, string][] = [
    ["a .gif", "anim.gif", Buffer.from("GIF89a......"), 400, "ERR_INVALID_FILE"],
    ["a .pdf", "doc.pdf", Buffer.from("%PDF-1.4"), 400, "ERR_INVALID_FILE"],
    ["a fake .png (text inside)", "fake.png", Buffer.from("not really an image at all"), 400, "ERR_INVALID_FILE"],
    ["a .jpg with png bytes", "swap.jpg", PNG, 400, "ERR_INVALID_FILE"],
    ["an empty .png", "empty.png", Buffer.alloc(0), 400, "ERR_INVALID_FILE"],
    ["an oversized .png", "big.png", Buffer.concat([PNG, Buffer.alloc(imageKind.maxBytes)]), 413, "ERR_FILE_TOO_LARGE"],
  ];
  it.each(refused)("refuses %s, storing nothing and keeping the old image", async (_, name, data, status, code) => {
    const a = await create();
    const { mediaPath } = (await (await upload(a.id, "keep.png", PNG)).json()) as { mediaPath: string };
    const before = await storedFiles();
    const res = await upload(a.id, name, data);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: code });
    expect((await storedFiles()).sort()).toEqual(before.sort());
    expect((await row(a.id)).mediaPath).toBe(mediaPath);
  });

  it("refuses a request with no file, and non-super users, storing nothing", async () => {
    const a = await create();
    const before = await storedFiles();
    const empty = await fetch(`${s.url}/api/announcements/${a.id}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${superToken}` },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    const { admin } = await buildTenant(s);
    const denied = await upload(a.id, "a.png", PNG, admin.token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const unknown = await upload(999999, "a.png", PNG);
    expect(unknown.status).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });
});
