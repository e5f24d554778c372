/**
 * One customer and one company for the queue bot's tests (chatbot.test.ts,
 * chatbot.hours.test.ts): two queues, Suporte with a two-level option tree,
 * and `conversation`, which plays the customer's texts in order.
 */
import type { HoursEntry } from "../src/automation/business-hours.js";
import {
  routeInbound,
  type BotDecision,
  type BotInput,
  type BotQueue,
  type BotTicket,
} from "../src/automation/chatbot.js";

// Monday 2026-03-09 10:00 in São Paulo.
export const monday10 = new Date("2026-03-09T13:00:00Z");
export const minutes = (n: number) => new Date(monday10.getTime() + n * 60_000);
export const weekdays9to18: HoursEntry[] = ["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => ({
  weekdayEn: d as HoursEntry["weekdayEn"],
  startTime: "09:00",
  endTime: "18:00",
}));

export const vendas: BotQueue = {
  id: 10,
  name: "Vendas",
  greetingMessage: "Bem-vindo a Vendas, {{firstName}}!",
  outOfHoursMessage: "Vendas fechado",
  schedules: [],
  options: [],
};
export const suporte: BotQueue = {
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

export const freshTicket: BotTicket = {
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

export function input(over: Partial<BotInput> = {}, ticket: Partial<BotTicket> = {}): BotInput {
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

export const queueMenu =
  "Olá {{firstName}}! Escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n\n*[ Sair ]* - Encerrar atendimento";
export const suporteRoot = "Suporte técnico\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Boleto\n\n*[ # ]* - Menu inicial";
export const internetLevel =
  "Sobre internet:\n\n*[ 1 ]* - Lenta\n*[ 2 ]* - Sem sinal\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial";

/** Plays the customer's texts in order, applying each decision to the ticket. */
export function conversation(texts: string[], over: Partial<BotInput> = {}, ticket: Partial<BotTicket> = {}) {
  let state: BotTicket = { ...freshTicket, ...ticket };
  const decisions: BotDecision[] = [];
  texts.forEach((text, i) => {
    const d = routeInbound(input({ ...over, text, now: over.now ?? minutes(i) }, state));
    state = { ...state, ...d.change };
    decisions.push(d);
  });
  return { decisions, state, sent: decisions.flatMap((d) => d.texts) };
}
