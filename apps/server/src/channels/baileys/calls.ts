/** WhatsApp Web's `call` events → the pipeline's InboundCall. */
import type { WACallEvent } from "@whiskeysockets/baileys";
import type { InboundCall } from "../driver.js";
import { groupId, personOf } from "./jid.js";

/**
 * A call event as the pipeline's InboundCall. WhatsApp sends "offer" when the
 * call rings, then one ending: "timeout" (rang out unanswered), "reject" (one
 * of our devices — the phone — declined it), "terminate" (the caller hung up,
 * before or after an answer) or "accept". The customer was left unanswered
 * after a timeout or a reject, and after a terminate that no accept preceded:
 * `answered` says whether one did (see callWatcher). The rest (ringing,
 * transport, latency…) is the call's own signalling.
 */
export function callOf(call: WACallEvent, answered = false): InboundCall | null {
  const missed = call.status === "timeout" || call.status === "reject" || (call.status === "terminate" && !answered);
  if (call.status !== "offer" && !missed) return null;
  const caller = personOf(call.callerPn, call.from || call.chatId);
  const isGroup = Boolean(call.isGroup);
  const inGroup = isGroup && call.groupJid;
  return {
    callId: call.id,
    chatNumber: inGroup ? groupId(call.groupJid!) : caller.number,
    ...(!inGroup && caller.userId ? { chatUser: { userId: caller.userId } } : {}),
    // A call carries no push name: the number names a contact WhatsApp has not named yet.
    chatName: caller.number,
    isVideo: Boolean(call.isVideo),
    isGroup,
    outcome: missed ? "missed" : "offer",
    at: call.date instanceof Date ? call.date : new Date(),
  };
}

/** Calls answered and not yet ended are few; a bound keeps a lost "terminate" from growing the set. */
const maxOpenCalls = 1000;

/**
 * callOf with memory of answered calls, one per socket: a "terminate" after an
 * "accept" is a finished conversation, not a missed call.
 */
export function callWatcher(): (call: WACallEvent) => InboundCall | null {
  const answered = new Set<string>();
  return (call) => {
    if (call.status === "accept") {
      if (answered.size >= maxOpenCalls) answered.clear();
      answered.add(call.id);
      return null;
    }
    const inbound = callOf(call, answered.has(call.id));
    if (call.status === "terminate" || call.status === "timeout" || call.status === "reject") answered.delete(call.id);
    return inbound;
  };
}
