/**
 * Timer rules (SERVER-BEHAVIOUR "Timers"): which timers a ticket needs and
 * when they fire, and what a firing timer does with the ticket as it is then.
 */
import { describe, expect, it } from "vitest";
import { fireTimer, timersFor, type TimerConnection, type TimerTicket } from "./timers.js";

const t0 = new Date("2026-03-09T13:00:00Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

const off: TimerConnection = {
  sendIdQueue: null,
  timeSendQueue: 0,
  transferQueueId: null,
  timeToTransfer: 0,
  expiresTicket: 0,
  expiresInactiveMessage: "",
};
const redirect: TimerConnection = { ...off, sendIdQueue: 5, timeSendQueue: 10 };
const transferTo9: TimerConnection = { ...off, transferQueueId: 9, timeToTransfer: 30 };
const expire: TimerConnection = { ...off, expiresTicket: 60, expiresInactiveMessage: "Encerrado por inatividade" };
const all: TimerConnection = {
  ...expire,
  sendIdQueue: 5,
  timeSendQueue: 10,
  transferQueueId: 9,
  timeToTransfer: 30,
};

const pending: TimerTicket = {
  status: "pending",
  userId: null,
  queueId: null,
  chatbot: false,
  isGroup: false,
  ratingAsks: 0,
  createdAt: t0,
  queuedAt: null,
  acceptedAt: null,
  lastCustomerMessageAt: t0,
};
const open: TimerTicket = { ...pending, status: "open", userId: 3, queueId: 2, acceptedAt: at(5) };

describe("timersFor", () => {
  it("nothing with every time at 0 (never) or without target queues", () => {
    expect(timersFor(pending, off)).toEqual([]);
    expect(timersFor(open, off)).toEqual([]);
    expect(timersFor(pending, { ...off, timeSendQueue: 10, timeToTransfer: 10 })).toEqual([]);
  });

  it("queue redirection: a pending ticket with no queue, from the customer's last message", () => {
    expect(timersFor(pending, redirect)).toEqual([{ kind: "queueRedirection", fireAt: at(10), queueId: 5 }]);
    expect(timersFor({ ...pending, lastCustomerMessageAt: at(4) }, redirect)[0]?.fireAt).toEqual(at(14));
    expect(timersFor({ ...pending, lastCustomerMessageAt: null }, redirect)[0]?.fireAt).toEqual(at(10));
    // Held by the bot at the queue menu: still redirected when the customer does not choose.
    expect(timersFor({ ...pending, chatbot: true }, redirect)).toHaveLength(1);
    expect(timersFor({ ...pending, queueId: 2 }, redirect)).toEqual([]);
  });

  it("automatic transfer: a pending ticket waiting since it was queued (else created), not held by the bot", () => {
    expect(timersFor({ ...pending, queueId: 2, queuedAt: at(3) }, transferTo9)).toEqual([
      { kind: "autoTransfer", fireAt: at(33), queueId: 9 },
    ]);
    expect(timersFor(pending, transferTo9)[0]?.fireAt).toEqual(at(30));
    expect(timersFor({ ...pending, queueId: 2, chatbot: true }, transferTo9)).toEqual([]);
    expect(timersFor({ ...pending, queueId: 9 }, transferTo9)).toEqual([]);
  });

  it("expiry: an open ticket, from the later of the customer's last message and the accept", () => {
    expect(timersFor(open, expire)).toEqual([{ kind: "expiry", fireAt: at(65), queueId: null }]);
    expect(timersFor({ ...open, lastCustomerMessageAt: at(20) }, expire)[0]?.fireAt).toEqual(at(80));
    expect(timersFor({ ...open, acceptedAt: null, lastCustomerMessageAt: null }, expire)[0]?.fireAt).toEqual(at(60));
    expect(timersFor(pending, expire)).toEqual([]);
  });

  it("an agent's ticket or a closed one needs no redirection or transfer; a closed one no expiry", () => {
    expect(timersFor(open, { ...all, expiresTicket: 0 })).toEqual([]);
    expect(timersFor({ ...pending, userId: 3 }, all)).toEqual([]);
    expect(timersFor({ ...open, status: "closed" }, all)).toEqual([]);
  });

  it("several at once", () => {
    expect(timersFor(pending, all).map((t) => t.kind)).toEqual(["queueRedirection", "autoTransfer"]);
  });
});

describe("fireTimer", () => {
  it("redirection and transfer move the ticket when they fire on time", () => {
    expect(fireTimer("queueRedirection", pending, redirect, at(10))).toEqual({ action: "moveToQueue", queueId: 5 });
    expect(fireTimer("autoTransfer", pending, transferTo9, at(31))).toEqual({ action: "moveToQueue", queueId: 9 });
  });

  it("expiry sends expiresInactiveMessage and closes; silently for a group, an empty message or a pending rating", () => {
    expect(fireTimer("expiry", open, expire, at(65))).toEqual({
      action: "close",
      texts: ["Encerrado por inatividade"],
    });
    expect(fireTimer("expiry", { ...open, isGroup: true }, expire, at(65))).toEqual({ action: "close", texts: [] });
    expect(fireTimer("expiry", { ...open, ratingAsks: 1 }, expire, at(65))).toEqual({ action: "close", texts: [] });
    const blank = { ...expire, expiresInactiveMessage: " " };
    expect(fireTimer("expiry", open, blank, at(65))).toEqual({ action: "close", texts: [] });
  });

  it("re-checks the ticket: accepted meanwhile → nothing", () => {
    expect(fireTimer("queueRedirection", { ...pending, status: "open", userId: 3 }, redirect, at(10))).toEqual({
      action: "none",
      reason: "notNeeded",
    });
    expect(fireTimer("expiry", { ...open, status: "closed" }, expire, at(65))).toMatchObject({ action: "none" });
  });

  it("the customer wrote meanwhile → reschedule to the new time", () => {
    const wrote = { ...pending, lastCustomerMessageAt: at(8) };
    expect(fireTimer("queueRedirection", wrote, redirect, at(10))).toEqual({ action: "reschedule", fireAt: at(18) });
    expect(fireTimer("expiry", { ...open, lastCustomerMessageAt: at(30) }, expire, at(65))).toEqual({
      action: "reschedule",
      fireAt: at(90),
    });
  });

  it("the settings changed meanwhile (time set to 0) → nothing", () => {
    expect(fireTimer("autoTransfer", pending, { ...transferTo9, timeToTransfer: 0 }, at(31))).toMatchObject({
      action: "none",
    });
  });

  it("a ticket or connection deleted meanwhile → nothing, quietly", () => {
    expect(fireTimer("expiry", undefined, expire, at(65))).toEqual({ action: "none", reason: "ticketGone" });
    expect(fireTimer("expiry", open, undefined, at(65))).toEqual({ action: "none", reason: "ticketGone" });
  });
});
