/**
 * The number checks, the phone contact import and the external messages API
 * through a paired WhatsApp Web connection (provider beta), with the fake
 * Baileys socket: WhatsApp's number lookup (onWhatsApp), the phone's address
 * book (contacts.upsert) and the exact payload handed to the socket's send.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import { sampleMedia } from "../../../test/fake-graph.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { createWebConnection, pair } from "../../../test/whatsapp-web.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const newNumber = () => `55119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;

async function paired() {
  const t = await buildTenant(s);
  const token = randomBytes(24).toString("hex");
  const connection = await createWebConnection(s, t.admin.token, { token, isDefault: true });
  const socket = await pair(s, connection);
  return { ...t, token, whatsappId: connection.whatsapp.id, socket };
}

const send = (token: string, body: object) => s.request({ method: "POST", path: "/api/messages/send", token, body });

describe("WhatsApp Web: the external messages API", () => {
  it("sends a text to the number's WhatsApp id once WhatsApp confirms it", async () => {
    const { token, socket } = await paired();
    const number = newNumber();
    socket.registered.set(number, true);
    const res = await send(token, { number, body: "Seu pedido saiu para entrega" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "SUCCESS" });
    expect(socket.sent).toEqual([
      expect.objectContaining({ jid: `${number}@s.whatsapp.net`, content: { text: "Seu pedido saiu para entrega" } }),
    ]);
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number WhatsApp does not know, and sends nothing", async () => {
    const { token, socket } = await paired();
    const res = await send(token, { number: newNumber(), body: "Oi" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(socket.sent).toEqual([]);
  });

  it("sends a file as the socket's image message", async () => {
    const { token, socket } = await paired();
    const number = newNumber();
    socket.registered.set(number, true);
    const form = new FormData();
    form.append("number", number);
    form.append("body", "foto.png");
    form.append("medias", new Blob([new Uint8Array(sampleMedia.image.data)], { type: "image/png" }), "foto.png");
    const request = new Request("http://local/", { method: "POST", body: form });
    const res = await s.request({
      method: "POST",
      path: "/api/messages/send",
      token,
      headers: { "content-type": request.headers.get("content-type")! },
      body: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(socket.sent).toHaveLength(1);
    expect(socket.sent[0]!.jid).toBe(`${number}@s.whatsapp.net`);
    expect(socket.sent[0]!.content).toMatchObject({ mimetype: "image/png" });
    expect("image" in socket.sent[0]!.content).toBe(true);
  });
});

describe("WhatsApp Web: number checks and the phone's address book", () => {
  it("refuses a new ticket for a contact without WhatsApp", async () => {
    const { admin, whatsappId, company } = await paired();
    const contact = await buildContact(s, company.id);
    const res = await s.request({
      method: "POST",
      path: "/tickets",
      token: admin.token,
      body: { contactId: contact.id, whatsappId, status: "open", userId: admin.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
  });

  it("imports the contacts the phone saved", async () => {
    const { agent, whatsappId, socket, company } = await paired();
    socket.emit("contacts.upsert", [
      { id: "5511900000401@s.whatsapp.net", name: "Ana do celular" },
      { id: "5511900000402@s.whatsapp.net", name: "Bruno do celular" },
    ]);
    await vi.waitFor(async () => {
      expect(await s.ctx.channels.runningDriver(whatsappId)!.phoneContacts()).toHaveLength(2);
    });
    const res = await s.request({ method: "POST", path: "/contacts/import", token: agent.token });
    expect(res.json()).toEqual({ imported: 2, existing: 0, invalid: 0 });
    const list = await s.request({ path: "/contacts", token: agent.token });
    expect(list.json<{ contacts: { name: string; companyId: number }[] }>().contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Ana do celular", companyId: company.id }),
        expect.objectContaining({ name: "Bruno do celular", companyId: company.id }),
      ]),
    );
  });
});
