/**
 * The bot's context read from the database: the connection's queues in menu
 * order with their option trees, the settings and hours; never another
 * company's; and a stored ticket routed with it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queueOptions, settings, whatsappQueues, whatsapps } from "../db/schema/index.js";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { buildCompany, buildQueue } from "../../test/factories.js";
import type { TestServer } from "../../test/harness.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { routeInbound } from "./chatbot.js";
import { botContext } from "./chatbot.queries.js";

let s: TestServer;
serverPerFile((started) => (s = started));

async function scene() {
  const company = await buildCompany(s);
  await s.ctx.db
    .update(settings)
    .set({ value: "company" })
    .where(and(eq(settings.companyId, company.id), eq(settings.key, "scheduleType")));
  const suporte = await buildQueue(s, company.id, { name: "Suporte", orderQueue: 2, greetingMessage: "Suporte!" });
  const vendas = await buildQueue(s, company.id, { name: "Vendas", orderQueue: 1 });
  const unordered = await buildQueue(s, company.id, { name: "Outros" });
  const elsewhere = await buildQueue(s, company.id, { name: "Não está na conexão" });
  const [wa] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId: company.id, name: "WA", greetingMessage: "Olá!", maxUseBotQueues: 5 })
    .returning();
  await s.ctx.db
    .insert(whatsappQueues)
    .values([suporte, vendas, unordered].map((q) => ({ whatsappId: wa!.id, queueId: q.id })));
  const [internet] = await s.ctx.db
    .insert(queueOptions)
    .values({ queueId: suporte.id, parentId: null, option: 1, title: "Internet", message: "Sobre internet" })
    .returning();
  await s.ctx.db
    .insert(queueOptions)
    .values({ queueId: suporte.id, parentId: internet!.id, option: 1, title: "Lenta", message: "Reinicie" });
  return { company, wa: wa!, suporte, vendas, unordered, elsewhere, internet: internet! };
}

describe("botContext", () => {
  it("reads the connection, its queues in orderQueue order (unset last) with their trees, settings and hours", async () => {
    const c = await scene();
    const context = await botContext(s.ctx.db, c.company.id, c.wa.id);
    expect(context?.connection).toEqual({
      greetingMessage: "Olá!",
      complationMessage: "",
      outOfHoursMessage: "",
      maxUseBotQueues: 5,
      timeUseBotQueues: 0,
    });
    expect(context?.queues.map((q) => q.name)).toEqual(["Vendas", "Suporte", "Outros"]);
    expect(context?.queues[1]?.options).toEqual([
      { id: c.internet.id, parentId: null, option: 1, title: "Internet", message: "Sobre internet" },
      expect.objectContaining({ parentId: c.internet.id, title: "Lenta" }),
    ]);
    expect(context?.queues[0]?.options).toEqual([]);
    expect(context?.settings).toEqual({
      scheduleType: "company",
      sendGreetingMessageOneQueues: "disabled",
      timeZone: "America/Sao_Paulo",
      companyHours: c.company.schedules,
    });
  });

  it("another company's connection, or none, gives nothing", async () => {
    const a = await scene();
    const b = await scene();
    expect(await botContext(s.ctx.db, a.company.id, b.wa.id)).toBeUndefined();
    expect(await botContext(s.ctx.db, a.company.id, null)).toBeUndefined();
  });

  it("a stored ticket routes with it as it is: the menu lists the connection's queues", async () => {
    const c = await scene();
    const contact = await buildContact(s, c.company.id);
    const ticket = await buildTicket(s, { companyId: c.company.id, contactId: contact.id, whatsappId: c.wa.id });
    const context = (await botContext(s.ctx.db, c.company.id, c.wa.id))!;
    // Company hours empty (never set) = always open.
    const d = routeInbound({ ...context, ticket, text: "Oi", now: new Date() });
    expect(d.texts).toEqual([
      "Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ 3 ]* - Outros\n\n*[ Sair ]* - Encerrar atendimento",
    ]);
  });

  it("deleting the option a ticket stands on clears it, so the bot offers the root again", async () => {
    const c = await scene();
    const contact = await buildContact(s, c.company.id);
    const ticket = await buildTicket(s, {
      companyId: c.company.id,
      contactId: contact.id,
      whatsappId: c.wa.id,
      queueId: c.suporte.id,
      chatbot: true,
      queueOptionId: c.internet.id,
    });
    await s.ctx.db.delete(queueOptions).where(eq(queueOptions.id, c.internet.id));
    const row = await s.ctx.db.query.tickets.findFirst({ where: (t, { eq: is }) => is(t.id, ticket.id) });
    expect(row?.queueOptionId).toBeNull();
  });
});
