/**
 * Every branch of the queue bot (SERVER-BEHAVIOUR "Chatbot routing"): what
 * the customer receives and what happens to the ticket, for one customer
 * walking the menus message by message.
 */
import { describe, expect, it } from "vitest";
import type { HoursEntry } from "./business-hours.js";
import { routeInbound, type BotDecision, type BotInput, type BotQueue, type BotTicket } from "./chatbot.js";

// Monday 2026-03-09 10:00 in São Paulo.
const monday10 = new Date("2026-03-09T13:00:00Z");
const minutes = (n: number) => new Date(monday10.getTime() + n * 60_000);
const weekdays9to18: HoursEntry[] = ["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => ({
  weekdayEn: d as HoursEntry["weekdayEn"],
  startTime: "09:00",
  endTime: "18:00",
}));

const vendas: BotQueue = {
  id: 10,
  name: "Vendas",
  greetingMessage: "Bem-vindo a Vendas, {{firstName}}!",
  outOfHoursMessage: "Vendas fechado",
  schedules: [],
  options: [],
};
const suporte: BotQueue = {
  id: 20,
  name: "Suporte",
  greetingMessage: "Suporte técnico",
  outOfHoursMessage: "Suporte fechado",
  schedules: [],
  options: [
    { id: 1, parentId: null, option: 1, title: "Internet", message: "Sobre internet:" },
    { id: 2, parentId: null, option: 2, title: "Boleto", message: "Enviaremos o boleto." },
    { id: 3, parentId: 1, option: 1, title: "Lenta", message: "Reinicie o roteador." },
    { id: 4, parentId: 1, option: 2, title: "Sem sinal", message: "" },
  ],
};

const freshTicket: BotTicket = {
  status: "pending",
  userId: null,
  queueId: null,
  queueOptionId: null,
  chatbot: false,
  isGroup: false,
  amountUsedBotQueues: 0,
  botAnsweredAt: null,
  outOfHoursAt: null,
};

function input(over: Partial<BotInput> = {}, ticket: Partial<BotTicket> = {}): BotInput {
  return {
    ticket: { ...freshTicket, ...ticket },
    connection: {
      greetingMessage: "Olá {{firstName}}! Escolha:",
      complationMessage: "Até logo!",
      outOfHoursMessage: "Estamos fechados",
      maxUseBotQueues: 0,
      timeUseBotQueues: 0,
    },
    queues: [vendas, suporte],
    settings: {
      scheduleType: "disabled",
      sendGreetingMessageOneQueues: "disabled",
      timeZone: "America/Sao_Paulo",
      companyHours: [],
    },
    text: "Oi",
    now: monday10,
    ...over,
  };
}

const queueMenu =
  "Olá {{firstName}}! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n\n*[ Sair ]* - Encerrar atendimento";
const suporteRoot = "Suporte técnico\n\n[ 1 ] Internet\n[ 2 ] Boleto\n\n[ # ] Menu inicial";
const internetLevel = "Sobre internet:\n\n[ 1 ] Lenta\n[ 2 ] Sem sinal\n\n[ 0 ] Menu anterior\n[ # ] Menu inicial";

/** Plays the customer's texts in order, applying each decision to the ticket. */
function conversation(texts: string[], over: Partial<BotInput> = {}, ticket: Partial<BotTicket> = {}) {
  let state: BotTicket = { ...freshTicket, ...ticket };
  const decisions: BotDecision[] = [];
  texts.forEach((text, i) => {
    const d = routeInbound(input({ ...over, text, now: over.now ?? minutes(i) }, state));
    state = { ...state, ...d.change };
    decisions.push(d);
  });
  return { decisions, state, sent: decisions.flatMap((d) => d.texts) };
}

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
    const root = "[ 1 ] Internet\n[ 2 ] Boleto";
    expect(sent).toEqual([root, "Sobre internet:\n\n[ 1 ] Lenta\n[ 2 ] Sem sinal\n\n[ 0 ] Menu anterior", root, root]);
    expect(state).toMatchObject({ queueId: 20, chatbot: true, queueOptionId: null });
    const greeted = routeInbound(
      input({ queues: [suporte], settings: { ...input().settings, sendGreetingMessageOneQueues: "enabled" } }),
    );
    expect(greeted.texts).toEqual(["Suporte técnico\n\n[ 1 ] Internet\n[ 2 ] Boleto"]);
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

describe("business hours", () => {
  const company = (now: Date) => ({
    now,
    settings: { ...input().settings, scheduleType: "company", companyHours: weekdays9to18 },
  });
  const monday20 = new Date("2026-03-09T23:00:00Z");

  it("company: inside the hours the bot routes as usual", () => {
    expect(routeInbound(input(company(monday10))).step).toBe("queueMenu");
  });

  it("company: outside them the connection's out-of-hours message, once per closed stretch; ticket left pending", () => {
    const first = routeInbound(input(company(monday20)));
    expect(first).toMatchObject({ step: "outOfHours", texts: ["Estamos fechados"], close: false });
    expect(first.change).toMatchObject({ outOfHoursAt: monday20 });
    expect(first.change.queueId).toBeUndefined();
    const later = new Date("2026-03-10T02:00:00Z"); // 23:00, still closed
    const again = routeInbound(input({ ...company(later) }, { outOfHoursAt: monday20 }));
    expect(again).toMatchObject({ step: "quiet", detail: "outOfHoursTold", texts: [] });
    // The next evening, after a day of open hours, the customer is told again.
    const nextEvening = new Date("2026-03-10T23:00:00Z");
    expect(routeInbound(input(company(nextEvening), { outOfHoursAt: monday20 })).step).toBe("outOfHours");
  });

  it("queue: the chosen queue's hours; outside them its message, and the ticket waits in that queue", () => {
    const closedSuporte = { ...suporte, schedules: weekdays9to18 };
    const settings = { ...input().settings, scheduleType: "queue" };
    const d = routeInbound(
      input({ queues: [vendas, closedSuporte], settings, text: "2", now: monday20 }, { amountUsedBotQueues: 1 }),
    );
    expect(d).toMatchObject({
      step: "outOfHours",
      texts: ["Suporte fechado"],
      change: { queueId: 20, chatbot: false, outOfHoursAt: monday20 },
    });
    // Open: the option tree as usual; a queue with no hours set is always open.
    const open = routeInbound(
      input({ queues: [vendas, closedSuporte], settings, text: "2" }, { amountUsedBotQueues: 1 }),
    );
    expect(open.step).toBe("optionMenu");
    const vendasAtNight = routeInbound(input({ settings, text: "1", now: monday20 }, { amountUsedBotQueues: 1 }));
    expect(vendasAtNight.step).toBe("handedToQueue");
  });

  it("disabled: hours are not looked at", () => {
    const settings = { ...input().settings, scheduleType: "disabled", companyHours: weekdays9to18 };
    expect(routeInbound(input({ settings, now: monday20 })).step).toBe("queueMenu");
  });
});

describe("tickets the bot leaves alone", () => {
  it.each([
    ["a group", { isGroup: true }, "group"],
    ["an open ticket", { status: "open", userId: 5 }, "attended"],
    ["a pending ticket with an agent", { userId: 5 }, "attended"],
    ["a closed ticket", { status: "closed" }, "attended"],
    ["a ticket already handed to its queue", { queueId: 10, chatbot: false }, "queued"],
  ])("%s", (_, ticket, detail) => {
    expect(routeInbound(input({}, ticket as Partial<BotTicket>))).toEqual({
      step: "ignored",
      texts: [],
      change: {},
      close: false,
      detail,
    });
  });
});
