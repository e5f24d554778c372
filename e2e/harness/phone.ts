/** The phone's side of the scripted WhatsApp Web (whatsapp-web-main.ts's control API). */
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import { readEnv } from "./env.js";
import { expect } from "./fixtures.js";

export type PhoneStep = "qr" | "scan" | "open" | "contacts";

export async function phone(step: PhoneStep, whatsappId: number) {
  const res = await fetch(`${readEnv("whatsappWebControl")}/${step}/${whatsappId}`, { method: "POST" });
  expect(res.status, `WhatsApp Web step ${step}`).toBe(204);
}

/** Pairs a WhatsApp Web connection as a phone scanning its QR does, up to its open session. */
export async function pair(whatsappId: number) {
  for (const step of ["qr", "scan", "open"] as const) await phone(step, whatsappId);
}

export interface CustomerMessage {
  /** Digits only, as WhatsApp numbers people. */
  number: string;
  /** The name the customer's WhatsApp profile shows (pushName). */
  name: string;
  text: string;
}

/** A customer writes to the connection from their phone. */
export async function customerWrites(whatsappId: number, message: CustomerMessage) {
  const res = await fetch(`${readEnv("whatsappWebControl")}/message/${whatsappId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(message),
  });
  expect(res.status, "WhatsApp Web customer message").toBe(204);
}

/**
 * The phone delivers any message in Baileys' own shape (a poll, a vote, an event…): the
 * WebMessageInfo travels as protobuf JSON and the scripted socket rebuilds it with fromObject.
 */
export async function phoneDelivers(whatsappId: number, message: WAMessage) {
  const json = { ...proto.WebMessageInfo.fromObject(message).toJSON(), key: { ...message.key } };
  const res = await fetch(`${readEnv("whatsappWebControl")}/raw/${whatsappId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  expect(res.status, "WhatsApp Web raw message").toBe(204);
}

/** What the server sent through a connection: a text, or the kind of any other content ("delete", "image", …). */
export interface SentRecord {
  jid: string;
  text?: string;
  kind?: string;
}

export async function sentBy(whatsappId: number): Promise<SentRecord[]> {
  const res = await fetch(`${readEnv("whatsappWebControl")}/sent/${whatsappId}`);
  expect(res.status, "WhatsApp Web sent messages").toBe(200);
  return (await res.json()) as SentRecord[];
}
