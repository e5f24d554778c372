/**
 * Chatbot routing as a state machine (SERVER-BEHAVIOUR "Chatbot routing",
 * issue 11 item 2). Pure: a job handler reads the ticket, its connection, the
 * connection's queues (ordered by orderQueue, each with its whole option tree)
 * and the settings, calls `routeInbound` with the customer's text, then
 *   1. sets `decision.change` on the ticket (queueId, queueOptionId, chatbot,
 *      bot counters; a new queueId means the ticket was queued now),
 *   2. closes the ticket when `decision.close` (no rating: nobody attended it),
 *   3. sends `decision.texts` in order, rendered for the ticket after the
 *      change (renderForTicket), and records `decision.step` on the timeline.
 *
 * The state is the ticket's: queueId null = at the queue menu; queueId set and
 * chatbot true = walking that queue's options from queueOptionId (null = its
 * root); chatbot false with a queue = handed to the queue, the bot is done.
 * Choices are read once the bot has answered (amountUsedBotQueues > 0): a
 * first message always gets the menu. "sair" (any case) closes, anywhere.
 * Bot limits hold back only repeats of a menu (a reply that is no option):
 * at most maxUseBotQueues answers (0 = no limit), none within
 * timeUseBotQueues minutes of the last answer (0 = no pause); a valid choice
 * is always answered. An option that no longer exists (the tree was edited)
 * sends the customer back to the queue's root options.
 */
import type { HoursEntry } from "./business-hours.js";
import { businessMinutesBetween, isOpen } from "./business-hours.js";
import { optionMenuText, queueMenuText } from "./chatbot-texts.js";

export interface BotOption {
  id: number;
  parentId: number | null;
  /** 1-based position among its siblings: the number the customer sends. */
  option: number;
  title: string;
  message: string;
}

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: HoursEntry[];
  /** The queue's whole option tree, flat. */
  options: BotOption[];
}

export interface BotConnection {
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
}

export interface BotTicket {
  status: string;
  userId: number | null;
  queueId: number | null;
  queueOptionId: number | null;
  chatbot: boolean;
  isGroup: boolean;
  amountUsedBotQueues: number;
  botAnsweredAt: Date | null;
  outOfHoursAt: Date | null;
}

export interface BotSettings {
  scheduleType: string;
  sendGreetingMessageOneQueues: string;
  timeZone: string;
  /** The company's weekly hours (used when scheduleType is "company"). */
  companyHours: HoursEntry[];
}

export interface BotInput {
  ticket: BotTicket;
  connection: BotConnection;
  queues: BotQueue[];
  settings: BotSettings;
  text: string;
  now: Date;
}

export type BotStep = "ignored" | "quiet" | "queueMenu" | "optionMenu" | "handedToQueue" | "outOfHours" | "closed";

export type BotChange = Partial<
  Pick<BotTicket, "queueId" | "queueOptionId" | "chatbot" | "amountUsedBotQueues" | "botAnsweredAt" | "outOfHoursAt">
>;

export interface BotDecision {
  step: BotStep;
  texts: string[];
  change: BotChange;
  close: boolean;
  /** Why nothing was done, or what was reached (for the timeline). */
  detail: string;
}

const none = (step: "ignored" | "quiet", detail: string): BotDecision => ({
  step,
  texts: [],
  change: {},
  close: false,
  detail,
});

/** An answer: the texts (blank ones dropped) counted as one bot answer. */
function answer(input: BotInput, step: BotStep, texts: string[], change: BotChange, detail = ""): BotDecision {
  const sent = texts.filter((t) => t.trim() !== "");
  const counted: BotChange = sent.length
    ? { amountUsedBotQueues: input.ticket.amountUsedBotQueues + 1, botAnsweredAt: input.now }
    : {};
  return { step, texts: sent, change: { ...change, ...counted }, close: false, detail };
}

/** Why a repeated menu is held back, or undefined when it may go. */
function heldBack({ ticket, connection, now }: BotInput): string | undefined {
  const { maxUseBotQueues: max, timeUseBotQueues: pause } = connection;
  if (max > 0 && ticket.amountUsedBotQueues >= max) return "maxUseBotQueues";
  const since = ticket.botAnsweredAt ? now.getTime() - ticket.botAnsweredAt.getTime() : Infinity;
  if (pause > 0 && since < pause * 60_000) return "timeUseBotQueues";
  return undefined;
}

function outOfHours(input: BotInput, hours: HoursEntry[], message: string, change: BotChange): BotDecision {
  const { ticket, settings, now } = input;
  const told = ticket.outOfHoursAt;
  // Once per closed stretch: told already, and the hours have not opened since.
  if (told && businessMinutesBetween(hours, settings.timeZone, told, now) === 0) {
    return { ...none("quiet", "outOfHoursTold"), change };
  }
  return { ...answer(input, "outOfHours", [message], { ...change, outOfHoursAt: now }), detail: "outOfHours" };
}

const childrenOf = (queue: BotQueue, parentId: number | null) => queue.options.filter((o) => o.parentId === parentId);

/** The queue's greeting heads its root options, except for a lone queue unless sendGreetingMessageOneQueues. */
function rootHeading(input: BotInput, queue: BotQueue): string {
  const alone = input.queues.length === 1 && input.settings.sendGreetingMessageOneQueues !== "enabled";
  return alone ? "" : queue.greetingMessage;
}

function levelText(input: BotInput, queue: BotQueue, at: BotOption | null): string {
  const heading = at ? at.message : rootHeading(input, queue);
  return optionMenuText(heading, childrenOf(queue, at?.id ?? null), { up: at !== null, home: input.queues.length > 1 });
}

function queueMenu(input: BotInput, repeat: boolean): BotDecision {
  const held = repeat ? heldBack(input) : undefined;
  if (held) return none("quiet", held);
  const text = queueMenuText(input.connection.greetingMessage, input.queues);
  return answer(input, "queueMenu", [text], { queueId: null, queueOptionId: null, chatbot: true });
}

function chooseQueue(input: BotInput, queue: BotQueue): BotDecision {
  const { settings, now } = input;
  const entered: BotChange = { queueId: queue.id, queueOptionId: null };
  if (settings.scheduleType === "queue" && !isOpen(queue.schedules, settings.timeZone, now)) {
    return outOfHours(input, queue.schedules, queue.outOfHoursMessage, { ...entered, chatbot: false });
  }
  if (childrenOf(queue, null).length > 0) {
    return answer(input, "optionMenu", [levelText(input, queue, null)], { ...entered, chatbot: true }, queue.name);
  }
  const greet = input.queues.length > 1 || settings.sendGreetingMessageOneQueues === "enabled";
  return answer(
    input,
    "handedToQueue",
    greet ? [queue.greetingMessage] : [],
    { ...entered, chatbot: false },
    queue.name,
  );
}

function close(input: BotInput): BotDecision {
  const texts = [input.connection.complationMessage].filter((t) => t.trim() !== "");
  return { step: "closed", texts, change: { chatbot: false, queueOptionId: null }, close: true, detail: "sair" };
}

/** The number the customer sent, if the text is one. */
function choiceOf(text: string): number | undefined {
  return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

function atQueueMenu(input: BotInput, text: string): BotDecision {
  const { queues, ticket } = input;
  if (queues.length === 0) return none("ignored", "noQueues");
  if (queues.length === 1) return chooseQueue(input, queues[0]!);
  const shown = ticket.amountUsedBotQueues > 0;
  if (!shown) return queueMenu(input, false);
  if (text.toLowerCase() === "sair") return close(input);
  const chosen = queues[(choiceOf(text) ?? 0) - 1];
  return chosen ? chooseQueue(input, chosen) : queueMenu(input, true);
}

function inOptions(input: BotInput, queue: BotQueue, text: string): BotDecision {
  const { ticket } = input;
  const current = ticket.queueOptionId === null ? null : queue.options.find((o) => o.id === ticket.queueOptionId);
  // The option was deleted or moved out of this queue: back to the queue's root.
  if (current === undefined) {
    return answer(input, "optionMenu", [levelText(input, queue, null)], { queueOptionId: null }, "optionGone");
  }
  if (text.toLowerCase() === "sair") return close(input);
  const home = text === "#" || (text === "0" && current === null);
  if (home) return input.queues.length > 1 ? queueMenu(input, false) : goTo(input, queue, null);
  if (text === "0") return goTo(input, queue, queue.options.find((o) => o.id === current!.parentId) ?? null);
  const choice = choiceOf(text);
  const next = childrenOf(queue, current?.id ?? null).find((o) => o.option === choice);
  if (!next) {
    const held = heldBack(input);
    return held ? none("quiet", held) : answer(input, "optionMenu", [levelText(input, queue, current)], {});
  }
  if (childrenOf(queue, next.id).length > 0) return goTo(input, queue, next);
  // A leaf: its message, and the ticket waits in the queue for an agent.
  return answer(input, "handedToQueue", [next.message], { queueOptionId: null, chatbot: false }, next.title);
}

function goTo(input: BotInput, queue: BotQueue, at: BotOption | null): BotDecision {
  const detail = at?.title ?? queue.name;
  return answer(input, "optionMenu", [levelText(input, queue, at)], { queueOptionId: at?.id ?? null }, detail);
}

/**
 * A queue reached by other means than the menu (a flow's ticket block: automation/flows/): what the
 * customer who chose it gets, its hours (or the company's) included; undefined when the queue is not
 * one of the connection's.
 */
export function enterQueue(input: Omit<BotInput, "text">, queueId: number): BotDecision | undefined {
  const queue = input.queues.find((q) => q.id === queueId);
  if (!queue) return undefined;
  const full = { ...input, text: "" };
  const { settings, connection, now } = input;
  if (settings.scheduleType === "company" && !isOpen(settings.companyHours, settings.timeZone, now)) {
    const entered: BotChange = { queueId, queueOptionId: null, chatbot: false };
    return outOfHours(full, settings.companyHours, connection.outOfHoursMessage, entered);
  }
  return chooseQueue(full, queue);
}

export function routeInbound(input: BotInput): BotDecision {
  const { ticket, settings, connection, now } = input;
  const text = input.text.trim();
  if (ticket.isGroup) return none("ignored", "group");
  if (ticket.status !== "pending" || ticket.userId !== null) return none("ignored", "attended");
  if (ticket.queueId !== null && !ticket.chatbot) return none("ignored", "queued");
  if (settings.scheduleType === "company" && !isOpen(settings.companyHours, settings.timeZone, now)) {
    return outOfHours(input, settings.companyHours, connection.outOfHoursMessage, {});
  }
  if (ticket.queueId === null) return atQueueMenu(input, text);
  const queue = input.queues.find((q) => q.id === ticket.queueId);
  // The queue left the connection meanwhile: the bot lets go, the ticket waits in its queue.
  if (!queue) return { ...none("ignored", "queueGone"), step: "handedToQueue", change: { chatbot: false } };
  return inOptions(input, queue, text);
}
