/**
 * The queue bot outside business hours, and the tickets it never answers
 * (SERVER-BEHAVIOUR "Chatbot routing").
 */
import { describe, expect, it } from "vitest";
import { routeInbound, type BotTicket } from "./chatbot.js";
import { monday10, weekdays9to18, vendas, suporte, input } from "../../test/chatbot-scene.js";

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
