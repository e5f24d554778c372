/** The cloud driver's sends, read receipts and refusals, as the Graph API (the fake) receives them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildCompany } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import type { ChannelDriver } from "../driver.js";

let s: TestServer;
let fake: FakeGraph;
let driver: ChannelDriver;
let phoneNumberId: string;
beforeAll(async () => {
  ({ s, fake } = await startCloudServer());
  const company = await buildCompany(s);
  const connection = await buildCloudConnection(s, fake, company.id);
  phoneNumberId = connection.cloudPhoneNumberId;
  driver = s.ctx.channels.runningDriver(connection.id)!;
});
afterAll(() => stopCloudServer(s, fake));

const to = { chatNumber: "5511977776666", isGroup: false };
const lastSent = () => fake.sent.at(-1)!;

describe("cloud driver", () => {
  it("sends text, and a reply with context.message_id", async () => {
    const sent = await driver.sendText({ ...to, body: "Olá, tudo bem?" });
    expect(sent.wid).toMatch(/^wamid\./);
    expect(lastSent()).toMatchObject({
      phoneNumberId,
      id: sent.wid,
      body: {
        messaging_product: "whatsapp",
        to: to.chatNumber,
        type: "text",
        text: { body: "Olá, tudo bem?" },
      },
    });
    expect(lastSent().body.context).toBeUndefined();

    await driver.sendText({ ...to, body: "Respondendo", quoted: { wid: "wamid.ORIGINAL", fromMe: false, body: "?" } });
    expect(lastSent().body).toMatchObject({ context: { message_id: "wamid.ORIGINAL" }, text: { body: "Respondendo" } });
  });

  it("uploads media with POST /{phone-number-id}/media and sends it by id, typed by its mimetype", async () => {
    const cases = [
      { mimetype: "image/png", fileName: "foto.png", type: "image", caption: "a foto", sent: "a foto" },
      { mimetype: "application/pdf", fileName: "pedido.pdf", type: "document", caption: "segue", sent: "segue" },
      // WhatsApp takes no caption on audio and stickers: it is left out rather than refused.
      { mimetype: "audio/ogg; codecs=opus", fileName: "audio.ogg", type: "audio", caption: "voz", sent: undefined },
      { mimetype: "video/mp4", fileName: "video.mp4", type: "video", caption: "", sent: undefined },
      { mimetype: "image/webp", fileName: "sticker.webp", type: "sticker", caption: "fig", sent: undefined },
    ] as const;
    for (const c of cases) {
      const data = Buffer.from(`bytes of ${c.fileName}`);
      const sent = await driver.sendMedia({
        ...to,
        media: { data, mimetype: c.mimetype, fileName: c.fileName },
        caption: c.caption,
      });
      const upload = fake.uploads.at(-1)!;
      expect(upload).toMatchObject({ phoneNumberId, fileName: c.fileName, mimetype: c.mimetype.split(";")[0] });
      expect(upload.data.equals(data)).toBe(true);
      expect(lastSent()).toMatchObject({ id: sent.wid, body: { type: c.type, [c.type]: { id: upload.id } } });
      const content = lastSent().body[c.type] as Record<string, unknown>;
      expect(content.caption).toBe(c.sent);
      expect(content.filename).toBe(c.type === "document" ? "pedido.pdf" : undefined);
    }
  });

  it("replies with media quoting the original", async () => {
    await driver.sendMedia({
      ...to,
      media: { ...sampleMedia.image, fileName: "x.png" },
      caption: "",
      quoted: { wid: "wamid.Q", fromMe: true, body: "" },
    });
    expect(lastSent().body).toMatchObject({ type: "image", context: { message_id: "wamid.Q" } });
  });

  it("marks read with the last message id", async () => {
    await driver.markRead(to, [{ wid: "wamid.A" }, { wid: "wamid.B" }]);
    expect(fake.reads.at(-1)!.body).toEqual({ messaging_product: "whatsapp", status: "read", message_id: "wamid.B" });
  });

  it("reports a refused send with the Graph API's own message", async () => {
    fake.failNextSend({ message: "Recipient phone number not in allowed list", code: 131030 });
    await expect(driver.sendText({ ...to, body: "x" })).rejects.toMatchObject({
      code: "ERR_SENDING_WAPP_MSG",
      providerMessage: "Recipient phone number not in allowed list (#131030)",
    });
    await expect(driver.sendText({ chatNumber: "120363025246125486", isGroup: true, body: "x" })).rejects.toMatchObject(
      {
        code: "ERR_SENDING_WAPP_MSG",
      },
    );
  });

  it("cannot delete for everyone, and checks numbers by their digits only", async () => {
    await expect(driver.deleteMessage(to, { wid: "wamid.A", fromMe: true })).rejects.toMatchObject({
      code: "ERR_DELETE_WAPP_MSG",
    });
    expect(await driver.checkNumber("+55 (11) 97777-6666")).toBe("5511977776666");
    expect(await driver.checkNumber("123")).toBeNull();
    expect(await driver.checkNumber("1234567890123456")).toBeNull();
  });
});
