/**
 * A Typebot answering customers (issue 17 item 6), end to end: the customer
 * writes through Meta's signed webhook, the connection's integration holds
 * the ticket, our server talks to the fake Typebot, and the test reads what
 * the customer received (fake Graph API) and what Typebot was sent.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { integrationSessions, messages } from "../../db/schema/index.js";
import { PNG } from "../../../test/sample-files.js";
import { markdownBubble, mediaBubble, paragraph, textBubble } from "../../../test/fake-typebot.js";
import {
  integrationScene,
  integrationServerPerFile,
  shown,
  type IntegrationWorld,
} from "../../../test/integration-scene.js";
import { until } from "../../../test/sockets.js";
import { integrationTurn } from "../integration-turn.job.js";

let w: IntegrationWorld;
integrationServerPerFile((world) => (w = world));

let slugs = 0;
/** A published bot: a welcome with a choice, then the chosen branch with a picture, then goodbye. */
function publishShop(): string {
  const slug = `loja-${++slugs}`;
  w.typebot.publish(slug, [
    {
      messages: [
        textBubble(
          paragraph(
            { text: "Olá " },
            { text: "Paulo", bold: true },
            { text: ", bem-vindo à " },
            { text: "Loja", italic: true },
            { text: "!" },
          ),
          paragraph(
            { text: "Veja " },
            { type: "a", url: "https://loja.example.com", children: [{ text: "nosso site" }] },
          ),
        ),
      ],
      input: ["Vendas", "Suporte"],
    },
    {
      messages: [
        markdownBubble("**Ótimo**, você escolheu *suporte*."),
        mediaBubble("image", w.typebot.file(`mapa-${slug}.png`, PNG, "image/png")),
      ],
      input: "text",
    },
    { messages: [textBubble(paragraph({ text: "Obrigado!" }))] },
  ]);
  return slug;
}

const typebot = (slug: string, extra: Record<string, unknown> = {}) => ({
  type: "typebot",
  name: "Loja bot",
  urlN8N: w.typebot.url,
  typebotSlug: slug,
  typebotDelayMessage: 0,
  typebotExpires: 10,
  typebotKeywordFinish: "#sair",
  typebotKeywordRestart: "#reiniciar",
  typebotRestartMessage: "Vamos recomeçar.",
  typebotUnknownMessage: "Não entendi, tente de novo.",
  ...extra,
});

const callsFor = (slug: string, sessionIds: string[] = []) =>
  w.typebot.calls.filter((c) => c.slug === slug || (c.sessionId && sessionIds.includes(c.sessionId)));

describe("a conversation", () => {
  it("starts a chat with the contact's variables, renders rich text, markdown, a picture and a numbered choice a number answers", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug));
    expect(await c.says("Oi", 2)).toEqual([
      "Olá *Paulo*, bem-vindo à _Loja_!\nVeja nosso site (https://loja.example.com)",
      "*1* - Vendas\n*2* - Suporte",
    ]);
    const start = w.typebot.calls.find((call) => call.slug === slug)!;
    expect(start.kind).toBe("startChat");
    expect(start.body.prefilledVariables).toEqual({
      number: c.customer.from,
      pushName: "Paulo Lima",
      name: "Paulo Lima",
    });
    expect(await c.ticket()).toMatchObject({ useIntegration: true, integrationId: c.integration.id, chatbot: true });

    expect(await c.says("2", 2)).toEqual(["*Ótimo*, você escolheu _suporte_.", "[image]"]);
    const [session] = await w.s.ctx.db
      .select()
      .from(integrationSessions)
      .where(eq(integrationSessions.ticketId, (await c.ticket()).id));
    const cont = w.typebot.calls.filter((call) => call.sessionId === session!.sessionId);
    expect(cont.map((call) => call.body.message)).toEqual([{ type: "text", text: "Suporte" }]);
    // The picture went as an image WhatsApp carries, uploaded from the file Typebot pointed at.
    const image = c.received().at(-1)!;
    expect(image.body.type).toBe("image");
    expect(w.graph.uploads.at(-1)!.data.equals(PNG)).toBe(true);

    expect(await c.says("meu pedido 123")).toEqual(["Obrigado!"]);
    expect(w.typebot.calls.filter((call) => call.sessionId === session!.sessionId).at(-1)!.body.message).toEqual({
      type: "text",
      text: "meu pedido 123",
    });
  });

  it("a choice's own text answers it; messages go typebotDelayMessage apart", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug, { typebotDelayMessage: 1500 }));
    const started = Date.now();
    await c.says("Oi", 1);
    await w.graph.waitForSent(c.received().length + 1, c.customer.from, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await c.says("suporte", 2)).toEqual(["*Ótimo*, você escolheu _suporte_.", "[image]"]);
    expect(w.typebot.calls.at(-1)!.body.message).toEqual({ type: "text", text: "Suporte" });
  });
});

describe("keywords, failures and expiry", () => {
  it("the finish keyword ends the session and hands the ticket on (back to the queue menu); Typebot hears no more", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug));
    await c.says("Oi", 2);
    const calls = callsFor(slug).length;
    await c.says("#SAIR", 0);
    await until(async () => !(await c.ticket()).useIntegration, 10_000);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      useIntegration: false,
      integrationId: null,
      chatbot: false,
      userId: null,
    });
    await c.says("alô?", 0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(callsFor(slug)).toHaveLength(calls);
    expect(
      w.typebot.calls.filter((call) => call.body.message && JSON.stringify(call.body.message).includes("alô")),
    ).toEqual([]);
  });

  it("the restart keyword sends the restart message, then the bot from its start", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug));
    await c.says("Oi", 2);
    await c.says("1", 2);
    expect(await c.says("#reiniciar", 3)).toEqual([
      "Vamos recomeçar.",
      "Olá *Paulo*, bem-vindo à _Loja_!\nVeja nosso site (https://loja.example.com)",
      "*1* - Vendas\n*2* - Suporte",
    ]);
    expect(w.typebot.calls.filter((call) => call.slug === slug).map((call) => call.kind)).toEqual([
      "startChat",
      "startChat",
    ]);
  });

  it("Typebot failing answers typebotUnknownMessage and keeps the session; the next message continues it", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug));
    await c.says("Oi", 2);
    w.typebot.failNext(1, 503);
    expect(await c.says("2")).toEqual(["Não entendi, tente de novo."]);
    expect(await c.says("2", 2)).toEqual(["*Ótimo*, você escolheu _suporte_.", "[image]"]);
  });

  it("a session silent for typebotExpires minutes starts fresh on the next message", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug, { typebotExpires: 1 }));
    await c.says("Oi", 2);
    const ticketId = (await c.ticket()).id;
    await w.s.ctx.db
      .update(integrationSessions)
      .set({ lastActivityAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(integrationSessions.ticketId, ticketId));
    expect(await c.says("2", 2)).toEqual([
      "Olá *Paulo*, bem-vindo à _Loja_!\nVeja nosso site (https://loja.example.com)",
      "*1* - Vendas\n*2* - Suporte",
    ]);
    expect(w.typebot.calls.filter((call) => call.slug === slug)).toHaveLength(2);
  });

  it("a turn run again (a crash after its commit, a retry) neither calls Typebot nor sends anything again", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug));
    await c.says("Oi", 2);
    const ticket = await c.ticket();
    const [message] = await w.s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id)).limit(1);
    const calls = w.typebot.calls.length;
    const sent = c.received().length;
    await integrationTurn.run(w.s.ctx, {
      companyId: ticket.companyId,
      ticketId: ticket.id,
      messageId: message!.id,
      integrationId: c.integration.id,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(w.typebot.calls.length).toBe(calls);
    expect(c.received().length).toBe(sent);
  });
});

describe("a queue's Typebot", () => {
  it("takes the ticket once the customer picks its queue, and its finish keyword leaves it pending in that queue", async () => {
    const slug = publishShop();
    const c = await integrationScene(w, typebot(slug), { queueMenu: true });
    expect(await c.says("Oi")).toEqual([expect.stringContaining("Loja")]);
    await c.says("1", 0);
    const list = "*1* - Vendas\n*2* - Suporte";
    await until(() => c.received().map(shown).includes(list), 10_000);
    expect(await c.ticket()).toMatchObject({
      queueId: c.queueId,
      useIntegration: true,
      integrationId: c.integration.id,
    });
    await c.says("#sair", 0);
    await until(async () => (await c.ticket()).integrationId === null, 10_000);
    expect(await c.ticket()).toMatchObject({
      status: "pending",
      queueId: c.queueId,
      useIntegration: false,
      chatbot: false,
    });
  });
});
