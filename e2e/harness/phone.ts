/** The phone's side of the scripted WhatsApp Web (whatsapp-web-main.ts's control API). */
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
