/**
 * POST /messages/{ticketId} with files through a Cloud API connection: what
 * WhatsApp (the fake Graph API) received, what was stored in the company's
 * media, and what is refused (core-platform §2.10, §5, §7.5).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildTenant } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { openChat, recordedAudio, sendFiles, sentTo, storedMessages } from "../../../test/messages.js";
import { expectCompanyIsolation } from "../../../test/tenancy.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

describe("sending files", () => {
  it("sends an image with its caption, a document by its name, both stored in the company's media", async () => {
    const c = await openChat(s, fake);
    const res = await sendFiles(s, c, [
      { name: "foto.png", type: "image/png", data: sampleMedia.image.data, body: "Segue a foto" },
      { name: "pedido.pdf", type: "application/pdf", data: sampleMedia.document.data },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [photo, doc] = res.json<{ mediaType: string; mediaUrl: string; body: string; ack: number }[]>();
    expect(photo).toMatchObject({ mediaType: "image", body: "Segue a foto", ack: 2 });
    expect(doc).toMatchObject({ mediaType: "application", body: "pedido.pdf", ack: 2 });
    const [imageSent, docSent] = sentTo(fake, c).slice(-2);
    expect(imageSent!.body).toMatchObject({ type: "image", image: { caption: "Segue a foto" } });
    expect(docSent!.body).toMatchObject({ type: "document", document: { filename: "pedido.pdf" } });
    expect((docSent!.body.document as { caption?: string }).caption).toBeUndefined();
    expect(fake.uploads.slice(-2).map((u) => u.mimetype)).toEqual(["image/png", "application/pdf"]);
    const file = await s.request({ path: photo!.mediaUrl.replace(/^\/api/, ""), token: c.t.admin.token });
    expect(file.rawPayload.equals(sampleMedia.image.data)).toBe(true);
    const o = await buildTenant(s);
    await expectCompanyIsolation(s, {
      request: { path: photo!.mediaUrl.replace(/^\/api/, "") },
      ownerToken: c.token,
      otherToken: o.admin.token,
    });
  });

  it("converts a recorded audio to an OGG/Opus voice note", async () => {
    const c = await openChat(s, fake);
    const name = `audio-record-site-${Date.now()}.mp3`;
    const res = await sendFiles(s, c, [{ name, type: "audio/webm", data: recordedAudio(1) }]);
    expect(res.statusCode, res.body).toBe(200);
    const [voice] = res.json<{ mediaType: string; mediaUrl: string; body: string }[]>();
    expect(voice).toMatchObject({ mediaType: "audio", body: name });
    expect(voice!.mediaUrl).toMatch(/\.ogg$/);
    const upload = fake.uploads.at(-1)!;
    expect(upload.mimetype).toBe("audio/ogg");
    expect(upload.data.subarray(0, 4).toString("latin1")).toBe("OggS");
    expect(upload.data.includes(Buffer.from("OpusHead"))).toBe(true);
    expect(sentTo(fake, c).at(-1)!.body).toMatchObject({ type: "audio" });
  });

  it("refuses unknown kinds, executables, disguised files and oversized ones; nothing of the request is kept or sent", async () => {
    const c = await openChat(s, fake);
    const bigImage = Buffer.concat([sampleMedia.image.data, Buffer.alloc(5 * 1024 * 1024)]);
    const cases = [
      {
        files: [{ name: "setup.exe", type: "application/octet-stream", data: Buffer.from("MZ\x90\0program") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "nota.pdf", type: "application/pdf", data: Buffer.from("MZ\x90\0program") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "foto.png", type: "image/png", data: Buffer.from("not a png at all") }],
        error: "ERR_INVALID_FILE",
      },
      {
        files: [{ name: "audio-record-site-1.mp3", type: "audio/webm", data: Buffer.from("no audio here") }],
        error: "ERR_INVALID_FILE",
      },
      { files: [{ name: "grande.png", type: "image/png", data: bigImage }], error: "ERR_FILE_TOO_LARGE" },
      {
        files: [
          { name: "ok.png", type: "image/png", data: sampleMedia.image.data },
          { name: "script.sh", type: "text/x-sh", data: Buffer.from("#!/bin/sh\nrm -rf /") },
        ],
        error: "ERR_INVALID_FILE",
      },
    ];
    const uploadsBefore = fake.uploads.length;
    for (const { files, error } of cases) {
      const res = await sendFiles(s, c, files);
      expect(res.json().error, files[0]!.name).toBe(error);
    }
    expect(await storedMessages(s, c.ticket.id)).toEqual([]);
    expect(existsSync(path.join(s.ctx.media.root, String(c.companyId)))).toBe(false);
    expect(fake.uploads.length).toBe(uploadsBefore);
  });
});
