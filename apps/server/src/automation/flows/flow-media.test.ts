/**
 * A flow's media blocks as a customer meets them (issue 18 item 5): image, audio and video from the flow
 * media the admin uploaded; an audio with `record` as a voice note, an mp3 converted to Ogg/Opus once.
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { describe, expect, it } from "vitest";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { MP4, OGG, node, storedMedia } from "../../../test/flow-graphs.js";
import { chain, flowScene, nid } from "../../../test/flow-run-scene.js";
import type { TestServer } from "../../../test/harness.js";
import { PNG } from "../../../test/sample-files.js";
import { usedBytes } from "../../media/media-files.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

/** One second of a tone as a real mp3. */
function mp3(): Buffer {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"];
  const out = spawnSync(ffmpeg.path, [...args, "-c:a", "libmp3lame", "-f", "mp3", "pipe:1"]);
  if (out.status !== 0) throw new Error(out.stderr.toString());
  return out.stdout;
}

describe("media blocks", () => {
  it("send the stored image, audio and video in order; a recorded mp3 goes as an Ogg/Opus voice note", async () => {
    const c = await flowScene(s, fake);
    const image = await storedMedia(s, c.admin, "img", "foto.png", PNG);
    const voice = await storedMedia(s, c.admin, "audio", "voz.mp3", mp3());
    const song = await storedMedia(s, c.admin, "audio", "musica.ogg", OGG);
    const clip = await storedMedia(s, c.admin, "audio", "clipe.mp4", MP4);
    const graph = chain([
      node(nid("img"), "img", { url: image }),
      node(nid("voice"), "audio", { url: voice, record: true }),
      node(nid("song"), "audio", { url: song, record: false }),
      node(nid("video"), "video", { url: clip }),
    ]);
    await c.campaign(await c.flow(graph), "midia");
    expect(await c.says("mídia", 4)).toEqual(["[image]", "[audio]", "[audio]", "[video]"]);

    const sent = (await c.storedMessages()).filter((m) => m.fromMe);
    expect(sent.map((m) => m.mediaType)).toEqual(["image", "audio", "audio", "video"]);
    const [, note, plain] = sent;
    expect(note!.mediaPath).toMatch(/-voice\.ogg$/);
    expect(note!.providerData).toMatchObject({ media: { voiceNote: true, mimetype: "audio/ogg; codecs=opus" } });
    expect((await readFile(s.ctx.media.resolve(note!.mediaPath!))).subarray(0, 4).toString()).toBe("OggS");
    expect(plain!.providerData).toMatchObject({ media: { voiceNote: false } });
    expect(plain!.mediaPath).toBe(song);

    // A second run reuses the converted file.
    await c.says("midia", 4);
    const again = (await c.storedMessages()).filter((m) => m.fromMe && m.mediaType === "audio");
    expect(again.map((m) => m.mediaPath)).toEqual([note!.mediaPath, song, note!.mediaPath, song]);

    // The voice note counts in the company's storage like the files it came from (issue 29 item 9).
    const folder = path.dirname(s.ctx.media.resolve(image));
    const sizes = await Promise.all(
      (await readdir(folder)).map(async (name) => (await stat(path.join(folder, name))).size),
    );
    expect(await usedBytes(s.ctx.db, Number(image.split("/")[0]))).toBe(sizes.reduce((sum, size) => sum + size, 0));
  });
});
