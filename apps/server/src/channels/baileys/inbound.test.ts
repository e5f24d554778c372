/** Baileys' own message objects → the pipeline's inbound messages (inboundOf). */
import { buffer } from "node:stream/consumers";
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { content, groupJid, lidJid, pnJid, sampleDownload, vcard, waMessage } from "../../../test/baileys-messages.js";
import { sampleMedia } from "../../../test/fake-graph-payloads.js";
import { inboundOf } from "./inbound.js";

const customer = "5511987654321";
const from = { chat: pnJid(customer), pushName: "Maria" };
const noDownload = () => Promise.reject(new Error("no media expected"));
const map = (message: WAMessage) => inboundOf(message, noDownload);

describe("inboundOf: what the customer wrote", () => {
  it("text and extended text, with the chat, the push name and the time", () => {
    const message = waMessage({ ...from, id: "ABC1", timestamp: 1_763_800_000 }, content.text("Bom dia"));
    expect(map(message)).toMatchObject({
      wid: "ABC1",
      chatNumber: customer,
      isGroup: false,
      chatName: "Maria",
      fromMe: false,
      mediaType: "chat",
      body: "Bom dia",
      timestamp: new Date(1_763_800_000_000),
    });
    expect(map(message)?.sender).toBeUndefined();
    expect(map(waMessage(from, content.extendedText("veja https://example.com")))).toMatchObject({
      mediaType: "chat",
      body: "veja https://example.com",
    });
  });

  it("keeps the message as JSON-safe provider data, the LID alternatives included", () => {
    const message = waMessage({ chat: lidJid("12345678901234"), chatAlt: pnJid(customer) }, content.image("foto"));
    const raw = map(message)!.raw;
    const json = JSON.parse(JSON.stringify(raw)) as { key: Record<string, unknown>; messageTimestamp: string };
    expect(json.key).toMatchObject({ remoteJid: lidJid("12345678901234"), remoteJidAlt: pnJid(customer) });
    expect(typeof json.messageTimestamp).toBe("string");
    expect(json).toMatchObject({ message: { imageMessage: { caption: "foto", mediaKey: expect.any(String) } } });
  });

  const mediaCases: [string, () => proto.IMessage, Record<string, unknown>, { mimetype: string; fileName: RegExp }][] =
    [
      [
        "image",
        () => content.image("a foto"),
        { mediaType: "image", body: "a foto" },
        { mimetype: "image/png", fileName: /^image\.png$/ },
      ],
      [
        "video",
        () => content.video("o vídeo"),
        { mediaType: "video", body: "o vídeo" },
        { mimetype: "video/mp4", fileName: /^video\.mp4$/ },
      ],
      [
        "audio",
        () => content.audio(),
        { mediaType: "audio", body: "" },
        { mimetype: "audio/ogg", fileName: /^audio\.ogg$/ },
      ],
      [
        "voice note",
        () => content.voiceNote(),
        { mediaType: "audio", body: "" },
        { mimetype: "audio/ogg; codecs=opus", fileName: /^voice\.ogg$/ },
      ],
      [
        "document",
        () => content.document("pedido.pdf"),
        { mediaType: "application", body: "pedido.pdf" },
        { mimetype: "application/pdf", fileName: /^pedido\.pdf$/ },
      ],
      [
        "document with caption",
        () => content.documentWithCaption("pedido.pdf", "segue o pedido"),
        { mediaType: "application", body: "segue o pedido" },
        { mimetype: "application/pdf", fileName: /^pedido\.pdf$/ },
      ],
      [
        "sticker",
        () => content.sticker(),
        { mediaType: "image", body: "" },
        { mimetype: "image/webp", fileName: /^sticker\.webp$/ },
      ],
      [
        "view-once image",
        () => content.viewOnce(content.image("uma vez")),
        { mediaType: "image", body: "uma vez" },
        { mimetype: "image/png", fileName: /^image\.png$/ },
      ],
    ];

  it.each(mediaCases)("%s: body, mediaType and the file fetched on demand", async (_kind, make, expected, file) => {
    const message = waMessage(from, make());
    let downloads = 0;
    const inbound = inboundOf(message, (m) => {
      downloads++;
      expect(m).toBe(message);
      return sampleDownload(m);
    });
    expect(inbound).toMatchObject(expected);
    expect(downloads).toBe(0);
    const media = await inbound!.media!();
    expect(downloads).toBe(0);
    expect(media.mimetype).toBe(file.mimetype);
    expect(media.fileName).toMatch(file.fileName);
    expect(media.declaredBytes).toBe(10);
    expect((await buffer(await media.open())).length).toBeGreaterThan(0);
    expect(downloads).toBe(1);
  });

  it("text messages carry no media", () => {
    expect(map(waMessage(from, content.text("oi")))!.media).toBeUndefined();
  });

  it("locations as imageUrl|link|description, live locations with their caption", () => {
    expect(map(waMessage(from, content.location(-23.55, -46.63, "Loja", "Av. Paulista | 1000")))).toMatchObject({
      mediaType: "locationMessage",
      body: "|https://maps.google.com/maps?q=-23.55,-46.63|Loja\nAv. Paulista / 1000",
    });
    expect(map(waMessage(from, content.liveLocation(-22.9, -43.2, "estou aqui")))).toMatchObject({
      mediaType: "locationMessage",
      body: "|https://maps.google.com/maps?q=-22.9,-43.2|estou aqui",
    });
  });

  it("contacts as their vCards", () => {
    expect(map(waMessage(from, content.contact("João", "5511911112222")))).toMatchObject({
      mediaType: "contactMessage",
      body: vcard("João", "5511911112222"),
    });
    const two = map(
      waMessage(
        from,
        content.contacts([
          ["Ana", "5511900000001"],
          ["Beto", "5511900000002"],
        ]),
      ),
    );
    expect(two).toMatchObject({
      mediaType: "contactMessage",
      body: `${vcard("Ana", "5511900000001")}\n${vcard("Beto", "5511900000002")}`,
    });
  });

  it("replies name the quoted message", () => {
    expect(map(waMessage(from, content.extendedText("sim", "ORIGINAL1")))?.quotedWid).toBe("ORIGINAL1");
    expect(map(waMessage(from, content.image("esta", "ORIGINAL2")))?.quotedWid).toBe("ORIGINAL2");
    expect(map(waMessage(from, content.text("solto")))?.quotedWid).toBeUndefined();
  });

  it("reactions name their target; an empty one takes it back", () => {
    const target = { chat: from.chat, id: "OURS1", fromMe: true };
    expect(map(waMessage(from, content.reaction(target, "👍")))).toMatchObject({
      mediaType: "reactionMessage",
      body: "👍",
      reaction: { emoji: "👍", targetWid: "OURS1" },
    });
    expect(map(waMessage(from, content.reaction(target, "")))?.reaction).toEqual({ emoji: "", targetWid: "OURS1" });
  });

  it("edits and revokes name the original", () => {
    const target = { chat: from.chat, id: "ORIG" };
    expect(map(waMessage(from, content.edit(target, "preço 12")))).toMatchObject({
      editOfWid: "ORIG",
      body: "preço 12",
    });
    const bare = proto.Message.fromObject({
      protocolMessage: {
        key: { id: "ORIG" },
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        editedMessage: { imageMessage: { caption: "nova legenda" } },
      },
    });
    expect(map(waMessage(from, bare))).toMatchObject({ editOfWid: "ORIG", body: "nova legenda" });
    expect(map(waMessage(from, content.revoke(target)))).toMatchObject({ revokeOfWid: "ORIG" });
  });

  it("unwraps disappearing-message wrappers", () => {
    expect(map(waMessage(from, content.ephemeral(content.extendedText("some em 24h"))))).toMatchObject({
      mediaType: "chat",
      body: "some em 24h",
    });
  });

  it("a LID chat is the customer's number and LID when Baileys gives both, in either direction", () => {
    const lid = lidJid("98765432109876");
    const both = { chatNumber: customer, chatUser: { userId: "98765432109876@lid" } };
    expect(map(waMessage({ chat: lid, chatAlt: pnJid(customer) }, content.text("oi")))).toMatchObject(both);
    expect(map(waMessage({ chat: pnJid(customer), chatAlt: lid }, content.text("oi")))).toMatchObject(both);
    // Without the number, the chat is known by its LID alone: never its digits taken for a number.
    expect(map(waMessage({ chat: lid }, content.text("oi")))).toMatchObject({
      chatNumber: "",
      chatUser: { userId: "98765432109876@lid" },
    });
  });

  it("a group message: the group's id as the chat, the participant (by number) as the sender", () => {
    const group = groupJid("120363025246125486");
    const message = waMessage(
      { chat: group, participant: lidJid("11112222333344"), participantAlt: pnJid("5511988880001"), pushName: "Ana" },
      content.text("bom dia grupo"),
    );
    expect(inboundOf(message, noDownload, "Equipe Vendas")).toMatchObject({
      chatNumber: "120363025246125486",
      isGroup: true,
      chatName: "Equipe Vendas",
      sender: { number: "5511988880001", name: "Ana" },
      body: "bom dia grupo",
    });
    const oldStyle = waMessage(
      { chat: groupJid("5511999990000-1600000000"), participant: pnJid("5511988880002") },
      content.text("x"),
    );
    expect(map(oldStyle)).toMatchObject({
      chatNumber: "5511999990000-1600000000",
      chatName: "",
      sender: { number: "5511988880002" },
    });
  });

  it("sent from the phone: ours, with no sender and not named after us", () => {
    const mine = waMessage({ chat: pnJid(customer), fromMe: true, pushName: "Loja" }, content.text("Já vou ver"));
    expect(map(mine)).toMatchObject({ fromMe: true, chatNumber: customer, chatName: "", body: "Já vou ver" });
    const inGroup = waMessage(
      { chat: groupJid("120363025246125486"), fromMe: true, participant: pnJid("5511900000000") },
      content.text("ok"),
    );
    expect(map(inGroup)).toMatchObject({ fromMe: true, isGroup: true });
    expect(map(inGroup)?.sender).toBeUndefined();
  });

  it("answers null for what is not a customer's message", () => {
    const notMessages: [string, WAMessage][] = [
      ["status update", waMessage({ chat: "status@broadcast", participant: pnJid(customer) }, content.text("story"))],
      ["channel post", waMessage({ chat: "120363111111111111@newsletter" }, content.text("news"))],
      [
        "broadcast list",
        waMessage({ chat: "1600000000@broadcast", participant: pnJid(customer) }, content.text("promo")),
      ],
      [
        "key distribution only",
        waMessage({ chat: groupJid("120363025246125486"), participant: pnJid(customer) }, content.senderKeyOnly("g")),
      ],
      ["ephemeral setting", waMessage(from, content.ephemeralSetting())],
      ["stub (missed call notice)", waMessage(from, null)],
      ["call notice", waMessage(from, { call: { callKey: Buffer.from("CALL1") } })],
      ["keep in chat", waMessage(from, { keepInChatMessage: { keepType: 1 } })],
    ];
    for (const [kind, message] of notMessages) expect(map(message), kind).toBeNull();
    const stub = waMessage(from, null);
    stub.messageStubType = proto.WebMessageInfo.StubType.CALL_MISSED_VOICE;
    expect(map(stub)).toBeNull();
  });

  it("names a kind it cannot show instead of dropping it", () => {
    const call = waMessage(from, { scheduledCallCreationMessage: { callType: 1, title: "Reunião" } });
    expect(map(call)).toMatchObject({
      mediaType: "unsupported",
      body: "scheduledCallCreationMessage",
      media: undefined,
    });
  });
});

// The builders' media samples are what storage accepts (used by the pipeline tests).
it("sampleDownload answers the sample of the message's kind", async () => {
  expect(await buffer(await sampleDownload(waMessage(from, content.image())))).toEqual(sampleMedia.image.data);
});
