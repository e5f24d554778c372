/**
 * What the global setup hands to the tests. Playwright starts its workers after
 * the global setup has run, so these environment variables reach every test.
 */
export const envKeys = {
  baseURL: "E2E_BASE_URL",
  mailboxURL: "E2E_MAILBOX_URL",
  expiredEmail: "E2E_EXPIRED_EMAIL",
  expiredPassword: "E2E_EXPIRED_PASSWORD",
  expiredDueDate: "E2E_EXPIRED_DUE_DATE",
  /** The fake WhatsApp Cloud API's origin: its /_control API plays the customer. */
  graphOrigin: "E2E_GRAPH_ORIGIN",
  /** The scripted WhatsApp Web's control API (whatsapp-web-main.ts): plays the phone. */
  whatsappWebControl: "E2E_WHATSAPP_WEB_CONTROL",
  /** The fake Asaas (apps/server/test/fake-asaas.ts): its /_control API pays a charge and posts the webhook. */
  asaasURL: "E2E_ASAAS_URL",
  /** The webhook token the platform's setting asaasWebhookToken holds (the fake sends it back). */
  asaasWebhookToken: "E2E_ASAAS_WEBHOOK_TOKEN",
  /** A second expired company, whose admin pays from the login page (billing.spec.ts): the first stays expired. */
  billingExpiredEmail: "E2E_BILLING_EXPIRED_EMAIL",
  billingExpiredPassword: "E2E_BILLING_EXPIRED_PASSWORD",
  /** The fake OpenAI-compatible API (apps/server/test/fake-openai.ts), the server's OPENAI_BASE_URL (ends in /v1). */
  openAiURL: "E2E_OPENAI_URL",
  /** The browser the global setup found (chromium.ts), as JSON. */
  chromium: "E2E_CHROMIUM_BINARY",
} as const;

export function readEnv(key: keyof typeof envKeys): string {
  const value = process.env[envKeys[key]];
  if (!value) throw new Error(`${envKeys[key]} is not set: run the e2e tests through playwright.config.ts`);
  return value;
}
