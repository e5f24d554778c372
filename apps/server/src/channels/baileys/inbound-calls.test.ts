/** Baileys' call events → the calls the pipeline records (callOf, callWatcher). */
import { describe, expect, it } from "vitest";
import { callEvent, groupJid, lidJid, pnJid, waId } from "../../../test/baileys-messages.js";
import { callOf, callWatcher } from "./calls.js";

const customer = "5511987654321";

describe("callOf: calls", () => {
  const lid = lidJid("98765432109876");
  const at = new Date("2026-11-22T17:05:00Z");

  it("an offer, by the caller's number even when the call comes from a LID", () => {
    expect(
      callOf(callEvent("offer", { id: "C1", from: lid, callerPn: pnJid(customer), isVideo: true, date: at })),
    ).toEqual({
      callId: "C1",
      chatNumber: customer,
      chatUser: { userId: lid },
      chatName: customer,
      isVideo: true,
      isGroup: false,
      outcome: "offer",
      at,
    });
  });

  it("missed when it rang out, was declined on the phone, or the caller gave up before an answer", () => {
    for (const status of ["timeout", "reject", "terminate"] as const)
      expect(callOf(callEvent(status, { id: "C2", from: pnJid(customer) }))?.outcome, status).toBe("missed");
    expect(callOf(callEvent("terminate", { id: "C2", from: pnJid(customer) }), true)).toBeNull();
    for (const status of ["ringing", "accept", "preaccept", "transport", "relaylatency"] as const)
      expect(callOf(callEvent(status, { id: "C2", from: pnJid(customer) })), status).toBeNull();
  });

  it("callWatcher: a call answered and then ended is not missed", () => {
    const watch = callWatcher();
    const id = waId();
    expect(watch(callEvent("offer", { id, from: pnJid(customer) }))?.outcome).toBe("offer");
    expect(watch(callEvent("accept", { id, from: pnJid(customer) }))).toBeNull();
    expect(watch(callEvent("terminate", { id, from: pnJid(customer) }))).toBeNull();
    const other = waId();
    expect(watch(callEvent("offer", { id: other, from: pnJid(customer) }))?.outcome).toBe("offer");
    expect(watch(callEvent("terminate", { id: other, from: pnJid(customer) }))?.outcome).toBe("missed");
  });

  it("a group call is reported as the group's", () => {
    const call = callOf(callEvent("offer", { from: pnJid(customer), groupJid: groupJid("120363025246125486") }));
    expect(call).toMatchObject({ isGroup: true, chatNumber: "120363025246125486" });
  });
});
