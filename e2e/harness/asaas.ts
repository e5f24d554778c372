/** The fake Asaas' control side (apps/server/test/fake-asaas.ts): specs play the payer's bank through it. */
import { readEnv } from "./env.js";

async function control<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${readEnv("asaasURL")}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`fake Asaas POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The payer pays the invoice's charge: Asaas marks it RECEIVED and posts its webhook to the server. */
export function asaasPays(baseURL: string, invoiceId: number) {
  return control<{ paymentId: string; webhookStatus: number }>("/pay", {
    externalReference: String(invoiceId),
    webhookUrl: `${baseURL}/api/payments/asaas/webhook`,
    webhookToken: readEnv("asaasWebhookToken"),
  });
}

/** Asaas stops answering (503) while down. */
export function asaasDown(down: boolean) {
  return control<unknown>("/down", { down });
}
