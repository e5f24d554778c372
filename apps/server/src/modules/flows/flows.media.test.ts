/**
 * Flow media (automation-areas §7 "Flow media", §5 limits): POST /flowbuilder/img, /audio (the video
 * block's too) and /content keep the company's files under the names the nodes hold, served signed in
 * at /public/{name} to that company only; a file of a kind, size or signature the block does not take
 * is refused and nothing is stored.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import { MP3, MP4, OGG, uploadFlowMedia } from "../../../test/flow-graphs.js";
import type { TestServer } from "../../../test/harness.js";
import { PDF, PNG } from "../../../test/sample-files.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const MB = 1024 * 1024;
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
/** A file of `size` bytes that starts as `head` does. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
const companyFiles = (companyId: number) =>
  readdir(path.join(s.ctx.media.root, String(companyId))).catch(() => [] as string[]);

describe("flow media", () => {
  it("stores an image, an audio and a video, each name served to the company's users and no one else", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const stored = new RegExp(`^${t.company.id}/[0-9a-f]{32}\\.(png|jpg|ogg|mp3|mp4)$`);
    const uploads = [
      ["img", "foto.png", PNG],
      ["img", "foto.jpg", JPG],
      ["audio", "voz.ogg", OGG],
      ["audio", "musica.mp3", MP3],
      ["audio", "clipe.mp4", MP4],
    ] as const;
    for (const [route, name, data] of uploads) {
      const res = await uploadFlowMedia(s, t.admin.token, route, [{ name, data }]);
      expect(res.status, name).toBe(200);
      const kept = (res.body as { name: string }).name;
      expect(kept).toMatch(stored);
      expect(path.extname(kept)).toBe(path.extname(name));
      const served = await s.request({ path: `/public/${kept}`, token: t.agent.token });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(data)).toBe(true);
      expect((await s.request({ path: `/public/${kept}`, token: other.admin.token })).statusCode).toBe(404);
    }
  });

  it("content answers the stored names in the order sent, opus audio included", async () => {
    const t = await buildTenant(s);
    const res = await uploadFlowMedia(s, t.admin.token, "content", [
      { name: "a.png", data: PNG },
      { name: "b.opus", data: OGG },
      { name: "c.mp4", data: MP4 },
    ]);
    expect(res.status).toBe(200);
    const names = res.body as string[];
    expect(names.map((n) => path.extname(n))).toEqual([".png", ".opus", ".mp4"]);
    expect((await companyFiles(t.company.id)).sort()).toEqual(names.map((n) => path.basename(n)).sort());
  });

  it("refuses what a block does not take: kind, size over the §5 limit, bytes that are not what the name says", async () => {
    const t = await buildTenant(s);
    const refused: [string, "img" | "audio" | "content", { name: string; data: Buffer }[], string][] = [
      ["a gif", "img", [{ name: "anim.gif", data: Buffer.from("GIF89a....") }], "ERR_INVALID_FILE"],
      ["an audio on the image route", "img", [{ name: "voz.ogg", data: OGG }], "ERR_INVALID_FILE"],
      ["a pdf named png", "img", [{ name: "foto.png", data: PDF }], "ERR_INVALID_FILE"],
      ["an image over 2 MB", "img", [{ name: "grande.png", data: sized(PNG, 2 * MB + 1) }], "ERR_FILE_TOO_LARGE"],
      ["opus on the audio block", "audio", [{ name: "voz.opus", data: OGG }], "ERR_INVALID_FILE"],
      ["an audio over 5 MB", "audio", [{ name: "longo.mp3", data: sized(MP3, 5 * MB + 1) }], "ERR_FILE_TOO_LARGE"],
      ["a video over 20 MB", "audio", [{ name: "filme.mp4", data: sized(MP4, 20 * MB + 1) }], "ERR_FILE_TOO_LARGE"],
      ["an empty file", "audio", [{ name: "nada.ogg", data: Buffer.alloc(0) }], "ERR_INVALID_FILE"],
      [
        "content with one bad file among good ones",
        "content",
        [
          { name: "ok.png", data: PNG },
          { name: "mau.mp4", data: PDF },
        ],
        "ERR_INVALID_FILE",
      ],
      [
        "content with an image over 2 MB",
        "content",
        [
          { name: "ok.ogg", data: OGG },
          { name: "grande.jpg", data: sized(JPG, 2 * MB + 1) },
        ],
        "ERR_FILE_TOO_LARGE",
      ],
    ];
    for (const [what, route, files, error] of refused) {
      const res = await uploadFlowMedia(s, t.admin.token, route, files);
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.body, what).toMatchObject({ error });
    }
    expect(await companyFiles(t.company.id)).toEqual([]);
  });
});
