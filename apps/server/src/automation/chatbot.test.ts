/**
 * Every branch of the queue bot (SERVER-BEHAVIOUR "Chatbot routing"): what
 * the customer receives and what happens to the ticket, for one customer
 * walking the menus message by message. Hours and the tickets it leaves
 * alone: chatbot.hours.test.ts.
 */
import { describe, expect, it } from "vitest";
import { routeInbound } from "./chatbot.js";
import {
  monday10,
  minutes,
  vendas,
  suporte,
  input,
  queueMenu,
  suporteRoot,
  internetLevel,
  conversation,
} from "../../test/chatbot-scene.js";

describe("several queues", () => {
  it("the first message gets the greeting and the numbered queue menu with Sair, whatever it says", () => {
    const d = routeInbound(input({ text: "2" }));
    expect(d).toEqual({
      step: "queueMenu",
      texts: [queueMenu],
      change: { queueId: null, queueOptionId: null, chatbot: true, amountUsedBotQueues: 1, botAnsweredAt: monday10 },
      close: false,
      detail: "",
    });
  });

  it("a number picks the queue; a queue without options gets its greeting and the ticket waits in it", () => {
    const { decisions, state, sent } = conversation(["Oi", "1"]);
    expect(decisions[1]).toMatchObject({ step: "handedToQueue", detail: "Vendas" });
    expect(sent).toEqual([queueMenu, "Bem-vindo a Vendas, {{firstName}}!"]);
    expect(state).toMatchObject({ queueId: 10, chatbot: false, queueOptionId: null, amountUsedBotQueues: 2 });
  });

  it("anything else repeats the menu, never an error", () => {
    const { sent, state } = conversation(["Oi", "quero comprar", "9", "0", "1.5", ""]);
    expect(sent).toEqual(Array(6).fill(queueMenu));
    expect(state).toMatchObject({ queueId: null, chatbot: true });
  });

  it("sair (any case, spaces) closes with the completion message", () => {
    const { decisions } = conversation(["Oi", "  SAIR "]);
    expect(decisions[1]).toMatchObject({ step: "closed", texts: ["Até logo!"], close: true });
    const noMessage = routeInbound(
      input(
        { text: "sair", connection: { ...input().connection, complationMessage: " " } },
        { amountUsedBotQueues: 1 },
      ),
    );
    expect(noMessage).toMatchObject({ step: "closed", texts: [], close: true });
  });

  it("a connection without queues leaves the ticket alone", () => {
    expect(routeInbound(input({ queues: [] }))).toMatchObject({ step: "ignored", detail: "noQueues", texts: [] });
  });
});

describe("one queue", () => {
  it("is assigned at once, without greeting unless sendGreetingMessageOneQueues is enabled", () => {
    const off = routeInbound(input({ queues: [vendas] }));
    expect(off).toMatchObject({ step: "handedToQueue", texts: [], change: { queueId: 10, chatbot: false } });
    expect(off.change.amountUsedBotQueues).toBeUndefined();
    const on = routeInbound(
      input({ queues: [vendas], settings: { ...input().settings, sendGreetingMessageOneQueues: "enabled" } }),
    );
    expect(on).toMatchObject({ texts: ["Bem-vindo a Vendas, {{firstName}}!"], change: { queueId: 10 } });
  });

  it("with options: its root options at once (greeting only when enabled); # and 0 stay in that queue", () => {
    const { sent, state } = conversation(["Oi", "1", "#", "0"], { queues: [suporte] });
    const root = "*[ 1 ]* - Internet\n*[ 2 ]* - Boleto";
    expect(sent).toEqual([
      root,
      "Sobre internet:\n\n*[ 1 ]* - Lenta\n*[ 2 ]* - Sem sinal\n\n*[ 0 ]* - Menu anterior",
      root,
      root,
    ]);
    expect(state).toMatchObject({ queueId: 20, chatbot: true, queueOptionId: null });
    const greeted = routeInbound(
      input({ queues: [suporte], settings: { ...input().settings, sendGreetingMessageOneQueues: "enabled" } }),
    );
    expect(greeted.texts).toEqual(["Suporte técnico\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Boleto"]);
  });
});

describe("the queue's option tree", () => {
  it("choosing a queue with options sends its greeting and root options, and the bot keeps the ticket", () => {
    const { decisions, state } = conversation(["Oi", "2"]);
    expect(decisions[1]).toMatchObject({ step: "optionMenu", texts: [suporteRoot], detail: "Suporte" });
    expect(state).toMatchObject({ queueId: 20, chatbot: true, queueOptionId: null });
  });

  it("a number walks down, sending the option's message with its children", () => {
    const { sent, state } = conversation(["Oi", "2", "1"]);
    expect(sent.at(-1)).toBe(internetLevel);
    expect(state).toMatchObject({ queueOptionId: 1, chatbot: true });
  });

  it("a leaf sends its message and hands the ticket to the queue", () => {
    const { decisions, state } = conversation(["Oi", "2", "1", "1"]);
    expect(decisions[3]).toMatchObject({ step: "handedToQueue", texts: ["Reinicie o roteador."], detail: "Lenta" });
    expect(state).toMatchObject({ queueId: 20, chatbot: false, queueOptionId: null });
    // From then on the bot stays out of it.
    expect(routeInbound(input({ text: "1" }, state))).toMatchObject({ step: "ignored", detail: "queued" });
  });

  it("a leaf without a message hands over silently", () => {
    const { decisions } = conversation(["Oi", "2", "1", "2"]);
    expect(decisions[3]).toMatchObject({ step: "handedToQueue", texts: [], detail: "Sem sinal" });
  });

  it("0 goes up one level, and from the root back to the queue menu", () => {
    const { sent, state } = conversation(["Oi", "2", "1", "0", "0"]);
    expect(sent.slice(3)).toEqual([suporteRoot, queueMenu]);
    expect(state).toMatchObject({ queueId: null, queueOptionId: null, chatbot: true });
  });

  it("# goes back to the queue menu from any depth, and a new queue can be chosen", () => {
    const { sent, state } = conversation(["Oi", "2", "1", "#", "1"]);
    expect(sent.slice(3)).toEqual([queueMenu, "Bem-vindo a Vendas, {{firstName}}!"]);
    expect(state).toMatchObject({ queueId: 10, chatbot: false });
  });

  it("a reply that is no option repeats the current level; sair closes from inside the tree", () => {
    const { sent, decisions } = conversation(["Oi", "2", "1", "7", "tchau", "sair"]);
    expect(sent.slice(3, 5)).toEqual([internetLevel, internetLevel]);
    expect(decisions[5]).toMatchObject({ step: "closed", close: true, change: { chatbot: false } });
  });

  it("an option deleted while the customer stood on it sends them back to the queue's root", () => {
    const d = routeInbound(
      input({ text: "1" }, { queueId: 20, chatbot: true, queueOptionId: 99, amountUsedBotQueues: 3 }),
    );
    expect(d).toMatchObject({ step: "optionMenu", texts: [suporteRoot], detail: "optionGone" });
    expect(d.change.queueOptionId).toBeNull();
  });

  it("a queue taken off the connection meanwhile: the bot lets go and the ticket stays in its queue", () => {
    const d = routeInbound(input({ text: "1" }, { queueId: 30, chatbot: true, amountUsedBotQueues: 2 }));
    expect(d).toMatchObject({ step: "handedToQueue", texts: [], change: { chatbot: false }, detail: "queueGone" });
  });
});

describe("bot limits", () => {
  const limits = (maxUseBotQueues: number, timeUseBotQueues: number) => ({
    connection: { ...input().connection, maxUseBotQueues, timeUseBotQueues },
  });

  it("maxUseBotQueues: the menu is repeated until the bot has answered that many times, then it is quiet", () => {
    const { decisions } = conversation(["Oi", "x", "y", "z"], limits(3, 0));
    expect(decisions.map((d) => d.step)).toEqual(["queueMenu", "queueMenu", "queueMenu", "quiet"]);
    expect(decisions[3]).toMatchObject({ detail: "maxUseBotQueues", change: {} });
  });

  it("a valid choice is answered even past the limit", () => {
    const { decisions, state } = conversation(["Oi", "x", "1"], limits(1, 0));
    expect(decisions.map((d) => d.step)).toEqual(["queueMenu", "quiet", "handedToQueue"]);
    expect(state.queueId).toBe(10);
  });

  it("timeUseBotQueues: no repeat within that many minutes of the last answer; 0 = no pause", () => {
    const answered = { chatbot: true, amountUsedBotQueues: 1, botAnsweredAt: monday10 };
    const at = (m: number) => routeInbound(input({ ...limits(0, 10), text: "x", now: minutes(m) }, answered));
    expect(at(9.9)).toMatchObject({ step: "quiet", detail: "timeUseBotQueues" });
    expect(at(10).step).toBe("queueMenu");
    expect(routeInbound(input({ text: "x", now: minutes(0) }, answered)).step).toBe("queueMenu");
  });

  it("limits hold back repeats inside the option tree too", () => {
    const inTree = { queueId: 20, chatbot: true, amountUsedBotQueues: 2, botAnsweredAt: monday10 };
    expect(routeInbound(input({ ...limits(2, 0), text: "x" }, inTree))).toMatchObject({ step: "quiet" });
    expect(routeInbound(input({ ...limits(2, 0), text: "1" }, inTree)).step).toBe("optionMenu");
  });
});
