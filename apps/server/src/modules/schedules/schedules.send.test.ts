/**
 * A schedule's send (SERVER-BEHAVIOUR "Schedules") through a real Cloud API
 * connection, the company's default, and the fake Graph API: at sendAt the
 * contact's ticket is opened (or reused), the variables rendered, the image
 * attached, the message stored and sent once; PENDENTE → ENVIADA with sentAt,
 * or ERRO with the provider's refusal. Edits move the send, deletes cancel it.
 * The image upload's refusals are here too.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { channels, type ChannelPayloads, type ScheduleDto } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, record, until } from "../../../test/sockets.js";
import { messages, schedules, tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

/** A company whose default connection is a running Cloud one, and a customer. */
async function setup() {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
  const number = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const contact = await buildContact(s, t.company.id, { name: "Maria Souza", number });
  return { t, connection, contact };
}

const create = (token: string, contactId: number, body: string, sendAt: string) =>
  s.request({ method: "POST", path: "/schedules", token, body: { body, contactId, sendAt, sentAt: "", userId: 1 } });
const show = async (token: string, id: number) =>
  (await s.request({ path: `/schedules/${id}`, token })).json<ScheduleDto>();
const sentTo = (number: string) => fake.sent.filter((x) => x.to === number);

async function settled(token: string, id: number, timeoutMs = 10_000): Promise<ScheduleDto> {
  await until(async () => (await show(token, id)).status !== "PENDENTE", timeoutMs, 100);
  return show(token, id);
}

function upload(token: string, id: number, name: string, data: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return fetch(`${s.url}/api/schedules/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe("sending at sendAt", () => {
  it("sends one in the past at once on a new ticket, variables rendered: ENVIADA with sentAt, published live", async () => {
    const { t, connection, contact } = await setup();
    const socket = await connectSocket(s, t.agent.token);
    const seen = record<ChannelPayloads["schedule"]>(socket, channels.schedule(t.company.id));
    const res = await create(t.agent.token, contact.id, "Olá {{firstName}}, sua consulta é amanhã", at(-60_000));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<ScheduleDto>().id;

    const done = await settled(t.agent.token, id);
    expect(done).toMatchObject({ status: "ENVIADA", errorMessage: null, sentAt: expect.any(String) });
    expect(sentTo(contact.number).map((x) => x.body)).toMatchObject([
      { type: "text", text: { body: "Olá Maria, sua consulta é amanhã" } },
    ]);
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(ticket).toMatchObject({ id: done.ticketId, whatsappId: connection.id, status: "pending" });
    const stored = await s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(stored).toMatchObject([{ fromMe: true, ack: 2, body: "Olá Maria, sua consulta é amanhã", sendError: null }]);
    await until(() => seen.some((e) => e.schedule?.status === "ENVIADA"), 3000);
  });

  it("reuses the contact's open ticket and sends the image with the text as its caption", async () => {
    const { t, connection, contact } = await setup();
    const open = await buildTicket(s, {
      companyId: t.company.id,
      contactId: contact.id,
      whatsappId: connection.id,
      status: "open",
      userId: t.agent.id,
    });
    const id = (await create(t.agent.token, contact.id, "Segue o boleto, {{name}}", at(3_600_000))).json<ScheduleDto>()
      .id;
    const uploaded = await upload(t.agent.token, id, "boleto.png", PNG);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({
      mediaName: "boleto.png",
      mediaPath: expect.stringMatching(/\.png$/),
    });
    await s.request({
      method: "PUT",
      path: `/schedules/${id}`,
      token: t.agent.token,
      body: { body: "Segue o boleto, {{name}}", contactId: contact.id, sendAt: at(-1000) },
    });

    expect(await settled(t.agent.token, id)).toMatchObject({ status: "ENVIADA", ticketId: open.id });
    const [sent] = sentTo(contact.number);
    expect(sent!.body).toMatchObject({ type: "image", image: { caption: "Segue o boleto, Maria Souza" } });
    expect(fake.uploads.at(-1)).toMatchObject({ mimetype: "image/png", data: PNG });
    expect(await s.ctx.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toHaveLength(1);
  });

  it("keeps the provider's refusal: ERRO with its reason, not sent again", async () => {
    const { t, contact } = await setup();
    fake.failNextSend({ message: "(#131026) Message undeliverable", code: 131026 });
    const id = (await create(t.agent.token, contact.id, "Lembrete do pagamento", at(-1000))).json<ScheduleDto>().id;
    const done = await settled(t.agent.token, id);
    expect(done).toMatchObject({ status: "ERRO", sentAt: null, errorMessage: expect.stringContaining("131026") });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sentTo(contact.number)).toHaveLength(0);
    expect((await show(t.agent.token, id)).status).toBe("ERRO");
  });

  it("sends a failed one again once edited: waiting again, then ENVIADA with the new text", async () => {
    const { t, contact } = await setup();
    fake.failNextSend();
    const id = (await create(t.agent.token, contact.id, "Primeira tentativa", at(-1000))).json<ScheduleDto>().id;
    expect(await settled(t.agent.token, id)).toMatchObject({ status: "ERRO" });
    const edited = await s.request({
      method: "PUT",
      path: `/schedules/${id}`,
      token: t.agent.token,
      body: { body: "Segunda tentativa", contactId: contact.id, sendAt: at(-1000) },
    });
    // Waiting again (or already sent: its job may have run before this answer was read).
    expect(edited.json()).toMatchObject({ status: expect.stringMatching(/^(PENDENTE|ENVIADA)$/), errorMessage: null });
    expect(await settled(t.agent.token, id)).toMatchObject({ status: "ENVIADA" });
    expect(sentTo(contact.number).map((x) => x.body)).toMatchObject([{ text: { body: "Segunda tentativa" } }]);
  });

  it("fails with ERR_NO_DEF_WAPP_FOUND when the company has no default connection", async () => {
    const t = await buildTenant(s);
    const contact = await buildContact(s, t.company.id);
    const id = (await create(t.agent.token, contact.id, "Lembrete sem conexão", at(-1000))).json<ScheduleDto>().id;
    expect(await settled(t.agent.token, id)).toMatchObject({ status: "ERRO", errorMessage: "ERR_NO_DEF_WAPP_FOUND" });
  });
});

describe("moving and cancelling", () => {
  it("sends at the later time an edit gave, not at the first one", async () => {
    const { t, contact } = await setup();
    const id = (await create(t.agent.token, contact.id, "Primeira hora", at(800))).json<ScheduleDto>().id;
    await s.request({
      method: "PUT",
      path: `/schedules/${id}`,
      token: t.agent.token,
      body: { body: "Hora nova", contactId: contact.id, sendAt: at(3500) },
    });
    await new Promise((r) => setTimeout(r, 2000));
    expect(sentTo(contact.number)).toHaveLength(0);
    expect(await settled(t.agent.token, id)).toMatchObject({ status: "ENVIADA" });
    expect(sentTo(contact.number).map((x) => x.body)).toMatchObject([{ text: { body: "Hora nova" } }]);
  });

  it("never sends a deleted one", async () => {
    const { t, contact } = await setup();
    const id = (await create(t.agent.token, contact.id, "Vai ser apagada", at(800))).json<ScheduleDto>().id;
    await s.request({ method: "DELETE", path: `/schedules/${id}`, token: t.agent.token });
    await new Promise((r) => setTimeout(r, 2500));
    expect(sentTo(contact.number)).toHaveLength(0);
    expect(await s.ctx.db.select().from(messages).where(eq(messages.companyId, t.company.id))).toEqual([]);
  });
});

describe("the image", () => {
  it("refuses another type, bytes that are not the type named, or a file over 5 MB, storing nothing", async () => {
    const { t, contact } = await setup();
    const id = (await create(t.agent.token, contact.id, "Com imagem talvez", at(3_600_000))).json<ScheduleDto>().id;
    const refusals: [string, Buffer, number, string][] = [
      ["animacao.gif", Buffer.from("GIF89a0000"), 400, "ERR_INVALID_FILE"],
      ["documento.pdf", Buffer.from("%PDF-1.4"), 400, "ERR_INVALID_FILE"],
      ["falsa.png", Buffer.from("not a png at all"), 400, "ERR_INVALID_FILE"],
      [
        "grande.jpg",
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024)]),
        413,
        "ERR_FILE_TOO_LARGE",
      ],
    ];
    for (const [name, data, status, error] of refusals) {
      const res = await upload(t.agent.token, id, name, data);
      expect(res.status, name).toBe(status);
      expect(await res.json()).toMatchObject({ error });
    }
    expect(await readdir(path.join(s.ctx.media.root, String(t.company.id))).catch(() => [])).toEqual([]);
    const [row] = await s.ctx.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.companyId, t.company.id)));
    expect(row).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it("deletes the image of a pending one, and refuses image changes once it was sent", async () => {
    const { t, contact } = await setup();
    const id = (await create(t.agent.token, contact.id, "Com imagem depois", at(3_600_000))).json<ScheduleDto>().id;
    expect((await upload(t.agent.token, id, "foto.jpeg", PNG)).status).toBe(400);
    expect((await upload(t.agent.token, id, "foto.png", PNG)).status).toBe(200);
    const removed = await s.request({ method: "DELETE", path: `/schedules/${id}/media-upload`, token: t.agent.token });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await readdir(path.join(s.ctx.media.root, String(t.company.id)))).toEqual([]);
    await s.ctx.db.update(schedules).set({ status: "ENVIADA", sentAt: new Date() }).where(eq(schedules.id, id));
    const late = await upload(t.agent.token, id, "foto.png", PNG);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "ERR_SCHEDULE_ALREADY_SENT" });
  });
});
