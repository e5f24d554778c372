/** The exact payloads the driver hands to Baileys' sendMessage and readMessages. */
import { describe, expect, it } from "vitest";
import { sampleMedia } from "../../../test/fake-graph-payloads.js";
import { chatJid } from "./jid.js";
import { mediaMessage, readKeys, revokeMessage, textMessage } from "./outbound.js";

const customer = { chatNumber: "5511987654321", isGroup: false };
const group = { chatNumber: "120363025246125486", isGroup: true };
const jid = "5511987654321@s.whatsapp.net";

/** A tenth of a second of a 440 Hz tone as 16-bit mono WAV: audio ffmpeg can read. */
function wavTone(): Buffer {
  const rate = 8000;
  const samples = rate / 10;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

describe("chat addresses", () => {
  it("a customer by phone number, a group by its id", () => {
    expect(chatJid(customer)).toBe(jid);
    expect(chatJid({ chatNumber: "+55 (11) 98765-4321", isGroup: false })).toBe(jid);
    expect(chatJid(group)).toBe("120363025246125486@g.us");
    expect(chatJid({ chatNumber: "5511999990000-1600000000", isGroup: true })).toBe("5511999990000-1600000000@g.us");
  });
});

describe("textMessage", () => {
  it("a text, and a reply quoting the original by its id", () => {
    expect(textMessage({ ...customer, body: "Olá!" })).toEqual({ jid, content: { text: "Olá!" }, options: {} });
    expect(
      textMessage({ ...customer, body: "Sim", quoted: { wid: "ORIG1", fromMe: false, body: "Tem em azul?" } }),
    ).toEqual({
      jid,
      content: { text: "Sim" },
      options: {
        quoted: { key: { remoteJid: jid, id: "ORIG1", fromMe: false }, message: { conversation: "Tem em azul?" } },
      },
    });
    expect(textMessage({ ...group, body: "bom dia", quoted: { wid: "MINE", fromMe: true, body: "aviso" } })).toEqual({
      jid: "120363025246125486@g.us",
      content: { text: "bom dia" },
      options: {
        quoted: {
          key: { remoteJid: "120363025246125486@g.us", id: "MINE", fromMe: true },
          message: { conversation: "aviso" },
        },
      },
    });
  });
});

describe("mediaMessage", () => {
  const file = (mimetype: string, fileName: string, data: Buffer = Buffer.from("bytes")) => ({
    data,
    mimetype,
    fileName,
  });

  it("images and videos with their caption", async () => {
    const image = file("image/jpeg", "foto.jpg");
    expect(await mediaMessage({ ...customer, media: image, caption: "a foto" })).toEqual({
      jid,
      content: { image: image.data, mimetype: "image/jpeg", caption: "a foto" },
      options: {},
    });
    const video = file("video/mp4", "clip.mp4");
    expect(await mediaMessage({ ...customer, media: video, caption: "" })).toEqual({
      jid,
      content: { video: video.data, mimetype: "video/mp4" },
      options: {},
    });
  });

  it("documents keep their name and type; webp is a sticker; audio has no caption", async () => {
    const pdf = file("application/pdf", "pedido.pdf");
    expect((await mediaMessage({ ...customer, media: pdf, caption: "segue" })).content).toEqual({
      document: pdf.data,
      mimetype: "application/pdf",
      fileName: "pedido.pdf",
      caption: "segue",
    });
    const zip = file("application/zip", "fotos.zip");
    expect((await mediaMessage({ ...customer, media: zip, caption: "" })).content).toEqual({
      document: zip.data,
      mimetype: "application/zip",
      fileName: "fotos.zip",
    });
    const sticker = file("image/webp", "s.webp");
    expect((await mediaMessage({ ...customer, media: sticker, caption: "x" })).content).toEqual({
      sticker: sticker.data,
      mimetype: "image/webp",
    });
    const mp3 = file("audio/mpeg", "musica.mp3");
    expect((await mediaMessage({ ...customer, media: mp3, caption: "ouça" })).content).toEqual({
      audio: mp3.data,
      mimetype: "audio/mpeg",
    });
  });

  it("a voice note already in OGG/Opus goes as it is, with ptt", async () => {
    const note = file(sampleMedia.audio.mimetype, "audio.ogg", sampleMedia.audio.data);
    const quoted = { wid: "Q1", fromMe: false, body: "pode falar?" };
    expect(await mediaMessage({ ...customer, media: note, caption: "", voiceNote: true, quoted })).toEqual({
      jid,
      content: { audio: note.data, mimetype: "audio/ogg; codecs=opus", ptt: true },
      options: {
        quoted: { key: { remoteJid: jid, id: "Q1", fromMe: false }, message: { conversation: "pode falar?" } },
      },
    });
  });

  it("a voice note recorded in another format is converted to OGG/Opus", async () => {
    const recorded = file("audio/wav", "gravacao.wav", wavTone());
    const { content } = await mediaMessage({ ...customer, media: recorded, caption: "", voiceNote: true });
    expect(content).toMatchObject({ mimetype: "audio/ogg; codecs=opus", ptt: true });
    const audio = (content as { audio: Buffer }).audio;
    expect(audio.subarray(0, 4).toString()).toBe("OggS");
    expect(audio.includes(Buffer.from("OpusHead"))).toBe(true);
  });
});

describe("reads and deletes", () => {
  it("read keys of the customer's messages in the chat", () => {
    expect(readKeys(customer, [{ wid: "A", participant: "5511955550000" }, { wid: "B" }])).toEqual([
      { remoteJid: jid, id: "A", fromMe: false },
      { remoteJid: jid, id: "B", fromMe: false },
    ]);
  });

  it("read keys in a group name each message's member", () => {
    expect(readKeys(group, [{ wid: "G1", participant: "5511955550000" }])).toEqual([
      { remoteJid: `${group.chatNumber}@g.us`, id: "G1", fromMe: false, participant: "5511955550000@s.whatsapp.net" },
    ]);
  });

  it("a revoke of the message's key", () => {
    expect(revokeMessage(customer, { wid: "MINE1", fromMe: true })).toEqual({
      jid,
      content: { delete: { remoteJid: jid, id: "MINE1", fromMe: true } },
    });
  });
});
