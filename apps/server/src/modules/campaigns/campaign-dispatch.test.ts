/**
 * A campaign's dispatch (SERVER-BEHAVIOUR "Campaigns", issue 12 item 5)
 * through a real Cloud API connection and the fake Graph API: PROGRAMADA →
 * EM_ANDAMENTO at scheduledAt → FINALIZADA with every recipient's row
 * delivered; variants and variables rendered per recipient; a refusal kept
 * with WhatsApp's words while the campaign goes on; tag recipients; media and
 * the file list's files; and no ticket, message or bot touched by any of it.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { channels, type ChannelPayloads } from "@balcao/contracts";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  dispatchWorld,
  reachStatus,
  savePace,
  shippingRows,
  startNow,
  textsTo,
} from "../../../test/campaign-dispatch.js";
import { buildCheckedList, createCampaign, saveCampaign } from "../../../test/campaigns.js";
import { cloudServerPerFile, customerNumber } from "../../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, record, until } from "../../../test/sockets.js";
import { contacts, fileListOptions, fileLists, messages, tags, tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

describe("a campaign runs at scheduledAt", () => {
  it("goes PROGRAMADA → EM_ANDAMENTO → FINALIZADA, each recipient sent once, live on its channel", async () => {
    const w = await dispatchWorld(s, fake, 3);
    const socket = await connectSocket(s, w.t.agent.token);
    const seen = record<ChannelPayloads["campaign"]>(socket, channels.campaign(w.t.company.id));
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Olá {nome}, ofertas no {numero}" });
    expect(campaign.status).toBe("PROGRAMADA");

    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
    expect(done.completedAt).toEqual(expect.any(String));
    expect(done.report).toMatchObject({ recipients: 3, delivered: 3, failed: 0, pending: 0, validContacts: 3 });
    expect(done.shipping).toHaveLength(3);
    for (const [i, number] of w.numbers.entries())
      expect(textsTo(fake, number)).toEqual([`Olá Cliente ${i + 1}, ofertas no ${number}`]);
    const rows = await shippingRows(s, campaign.id);
    expect(rows.map((r) => r.status)).toEqual(["delivered", "delivered", "delivered"]);
    expect(rows.map((r) => r.wid)).toEqual(w.numbers.map((n) => fake.sent.find((x) => x.to === n)!.id));
    await until(() => seen.some((e) => e.action === "update" && e.record?.status === "EM_ANDAMENTO"), 3000);
    await until(() => seen.some((e) => e.action === "update" && e.record?.status === "FINALIZADA"), 3000);
  });

  it("never opens, touches or answers a ticket: no message row, the open ticket as it was", async () => {
    const w = await dispatchWorld(s, fake, 2);
    const contact = await buildContact(s, w.t.company.id, { name: "Cliente 1", number: w.numbers[0]! });
    const open = await buildTicket(s, {
      companyId: w.t.company.id,
      contactId: contact.id,
      whatsappId: w.connection.id,
      status: "open",
      userId: w.t.agent.id,
      lastMessage: "até logo",
    });
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Promoção {nome}" });
    await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    const ticketsNow = await s.ctx.db.select().from(tickets).where(eq(tickets.companyId, w.t.company.id));
    expect(ticketsNow).toEqual([open]);
    expect(await s.ctx.db.select().from(messages).where(eq(messages.companyId, w.t.company.id))).toEqual([]);
    const known = await s.ctx.db.select().from(contacts).where(inArray(contacts.number, w.numbers));
    expect(known).toHaveLength(1);
  });

  it("gives each recipient one of the variants at random, variables and custom variables rendered", async () => {
    const w = await dispatchWorld(s, fake, 20);
    await savePace(s, w.t.admin.token, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 }, [
      { key: "loja", value: "Loja Centro" },
    ]);
    const campaign = await startNow(s, w.t.agent.token, {
      ...w.refs,
      message1: "Oi {nome}! {loja} te espera. {desconhecida}",
      message3: "Olá {NOME}, seu número {numero}, e-mail {email}.",
    });
    await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    const rows = await shippingRows(s, campaign.id);
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set([1, 3]));
    for (const [i, row] of rows.entries()) {
      const name = `Cliente ${i + 1}`;
      const expected =
        row.variant === 1
          ? `Oi ${name}! Loja Centro te espera. {desconhecida}`
          : `Olá ${name}, seu número ${row.number}, e-mail .`;
      expect(row.message).toBe(expected);
      expect(textsTo(fake, row.number)).toEqual([expected]);
    }
  });

  it("keeps WhatsApp's refusal of one recipient as its error and sends to the rest", async () => {
    const w = await dispatchWorld(s, fake, 3);
    fake.failNextSend({ message: "(#131026) Message undeliverable", code: 131026 });
    const campaign = await startNow(s, w.t.agent.token, { ...w.refs, message1: "Olá {nome}" });
    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    expect(done.report).toMatchObject({ delivered: 2, failed: 1, pending: 0 });
    const rows = await shippingRows(s, campaign.id);
    expect(rows[0]).toMatchObject({ status: "failed", deliveredAt: null, error: expect.stringContaining("131026") });
    expect(rows.slice(1).map((r) => r.status)).toEqual(["delivered", "delivered"]);
    expect(textsTo(fake, w.numbers[0]!)).toEqual([]);
  });

  it("sends to the company's contacts with a number whose tickets carry the tag, once each, no group", async () => {
    const w = await dispatchWorld(s, fake, 0);
    const [tag] = await s.ctx.db.insert(tags).values({ companyId: w.t.company.id, name: "VIP" }).returning();
    const tagged = async (name: string, extra: Partial<typeof contacts.$inferInsert> = {}) => {
      const contact = await buildContact(s, w.t.company.id, { name, number: customerNumber(), ...extra });
      await buildTicket(s, { companyId: w.t.company.id, contactId: contact.id, status: "closed" }, [tag!.id]);
      return contact;
    };
    const ana = await tagged("Ana");
    await buildTicket(s, { companyId: w.t.company.id, contactId: ana.id, status: "open" }, [tag!.id]);
    const bia = await tagged("Bia");
    const group = await tagged("Grupo", { isGroup: true });
    const untagged = await buildContact(s, w.t.company.id, { name: "Caio", number: customerNumber() });

    const campaign = await startNow(s, w.t.agent.token, {
      whatsappId: w.connection.id,
      tagListId: tag!.id,
      message1: "Oi {nome}, você é VIP",
    });
    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
    expect(done.report).toMatchObject({ recipients: 2, delivered: 2 });
    expect(textsTo(fake, ana.number)).toEqual(["Oi Ana, você é VIP"]);
    expect(textsTo(fake, bia.number)).toEqual(["Oi Bia, você é VIP"]);
    expect([...textsTo(fake, group.number), ...textsTo(fake, untagged.number)]).toEqual([]);
    expect((await shippingRows(s, campaign.id)).map((r) => r.contactId).sort()).toEqual([ana.id, bia.id].sort());
  });

  it("finishes at once with nobody to send to: the list's unchecked numbers never confirmed", async () => {
    const w = await dispatchWorld(s, fake, 0);
    const number = customerNumber();
    const list = await buildCheckedList(s, w.t.company.id, [number], { [number]: null });
    const campaign = await startNow(s, w.t.agent.token, {
      whatsappId: w.connection.id,
      contactListId: list.id,
      scheduledAt: new Date(Date.now() - 31 * 60_000).toISOString(),
    });
    const done = await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");
    expect(done.report).toMatchObject({ recipients: 0, delivered: 0 });
    expect(textsTo(fake, number)).toEqual([]);
  });
});

describe("media and files", () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  const PDF = Buffer.from("%PDF-1.4 tabela de preços");

  async function stored(companyId: number, name: string, data: Buffer) {
    const mediaPath = `${companyId}/campaign-${Math.random().toString(36).slice(2)}-${name}`;
    await mkdir(path.dirname(s.ctx.media.resolve(mediaPath)), { recursive: true });
    await writeFile(s.ctx.media.resolve(mediaPath), data);
    return mediaPath;
  }

  it("sends the media with the message as its caption, then each file of the file list", async () => {
    const w = await dispatchWorld(s, fake, 2);
    const [list] = await s.ctx.db
      .insert(fileLists)
      .values({ companyId: w.t.company.id, name: "Preços", message: "" })
      .returning();
    await s.ctx.db.insert(fileListOptions).values({
      companyId: w.t.company.id,
      fileListId: list!.id,
      name: "Tabela",
      path: await stored(w.t.company.id, "tabela.pdf", PDF),
      mediaType: "application/pdf",
      mediaName: "tabela.pdf",
    });
    const fields = { ...w.refs, fileListId: list!.id, message1: "Veja, {nome}" };
    const campaign = await createCampaign(s, w.t.agent.token, fields);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)]), "oferta.png");
    const uploaded = await fetch(`${s.url}/api/campaigns/${campaign.id}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.t.agent.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.text()).toBe(200);
    const scheduled = await saveCampaign(
      s,
      w.t.agent.token,
      { ...fields, scheduledAt: new Date().toISOString() },
      campaign.id,
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await reachStatus(s, w.t.agent.token, campaign.id, "FINALIZADA");

    const to = fake.sent.filter((x) => x.to === w.numbers[0]).map((x) => x.body);
    expect(to).toMatchObject([
      { type: "image", image: { caption: "Veja, Cliente 1" } },
      { type: "document", document: { filename: "tabela.pdf" } },
    ]);
    const uploads = fake.uploads.slice(-4);
    expect(uploads.map((u) => u.mimetype).sort()).toEqual([
      "application/pdf",
      "application/pdf",
      "image/png",
      "image/png",
    ]);
    const [row] = await shippingRows(s, campaign.id);
    expect(row).toMatchObject({ status: "delivered", wid: fake.sent.find((x) => x.to === w.numbers[0])!.id });
  });
});
