/** Environment, parsed once with zod. Secrets absent here are generated and kept in the database. */
import { z } from "zod";
import { parseSecretsKey } from "./secrets/key.js";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString,
  JWT_REFRESH_SECRET: optionalString,
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.string().default("Balcão <no-reply@balcao.local>"),
  SMTP_SECURE: z.enum(["true", "false"]).optional(),
  ADMIN_EMAIL: z.string().default("admin@example.com"),
  ADMIN_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Unset: readable lines when stdout is a terminal, JSON otherwise (logger.ts). */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  /** Requests per minute per IP on login, sign-up and reset routes. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  WEB_DIST: optionalString,
  /** The WhatsApp Cloud API's Graph base URL, version included (tests point it at a local fake). */
  WHATSAPP_GRAPH_URL: z
    .string()
    .url()
    .default("https://graph.facebook.com/v21.0")
    .transform((v) => v.replace(/\/+$/, "")),
  /** Asaas' API base, without /v3 (billing; tests and e2e point it at a local fake; the sandbox is https://api-sandbox.asaas.com). */
  ASAAS_URL: z
    .string()
    .url()
    .default("https://api.asaas.com")
    .transform((v) => v.replace(/\/+$/, "")),
  /** WhatsApp Web's websocket (tests and e2e point it at a loopback address: nothing here reaches the internet). */
  WHATSAPP_WEB_URL: z.string().url().default("wss://web.whatsapp.com/ws/chat"),
  /**
   * The WhatsApp Web version to present, as "2.3000.1023223821"; Baileys' own
   * when unset. WhatsApp refuses versions it finds too old, so an operator can
   * move it without waiting for a release.
   */
  WHATSAPP_WEB_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .transform((v) => v.split(".").map(Number) as [number, number, number])
    .optional(),
  /**
   * How often the job queue looks for runs that outlived their time limit
   * (their process died mid-run) and hands them out again (pg-boss' maintenance). 30 s: a quick job
   * (time limit 20-30 s) cut off by a crash runs again within a minute of the restart (a webhook delivery
   * must), and the maintenance query is cheap.
   */
  JOB_RECOVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * n8n and webhook integrations: seconds to wait before each retry of a delivery that failed (non-2xx,
   * timeout, network error), comma-separated; after the last, the delivery is failed (issue 17 item 6).
   */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .default("10,60,300,1800,7200")
    .transform((v) => v.split(",").map((d) => d.trim()))
    .pipe(
      z
        .array(
          z.coerce
            .number<string>()
            .int()
            .min(0)
            .max(7 * 24 * 3600),
        )
        .max(20),
    ),
  /**
   * Dialogflow ES (queue integrations of type dialogflow): the API's base URL; detect intent is called at
   * {this}/v2/projects/{project}/agent/sessions/{ticket uuid}:detectIntent. Set by the operator, so trusted
   * (no SSRF check); the service account's token_uri, which the company stores, is checked.
   */
  DIALOGFLOW_API_URL: z.url({ protocol: /^https?$/ }).default("https://dialogflow.googleapis.com"),
  /**
   * AI prompts: the OpenAI-compatible API a prompt with no base URL of its own calls ({this}/chat/completions,
   * {this}/audio/transcriptions). Set by the operator, so trusted (no SSRF check); a prompt's own baseUrl is checked.
   */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.openai.com/v1"),
  /**
   * Flows' AI blocks with a voice: the Azure Speech base URL that replaces https://{region}.tts.speech.microsoft.com
   * (text to speech is called at {this}/cognitiveservices/v1): tests, sovereign clouds, a proxy. Set by the
   * operator, so trusted; unset, each block's region names Microsoft's host.
   */
  AZURE_SPEECH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How often a node retries the sessions another node holds, to take them over when it stops. */
  SESSION_LEASE_RETRY_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * The key that encrypts secrets at rest (API keys, tokens): 32 bytes as 64 hex digits or base64
   * (`openssl rand -base64 32`). Unset: generated once into DATA_DIR/secrets.key (secrets/key.ts).
   */
  SECRETS_KEY: optionalString.refine((v) => v === undefined || parseSecretsKey(v) !== undefined, {
    message: "32 bytes, as 64 hex digits or base64",
  }),
  /**
   * "true": calls to URLs a company stores (AI base URL, n8n, Typebot, webhooks) may reach loopback
   * and private networks (an operator's own n8n or Ollama; the tests' fakes). Link-local never.
   */
  ALLOW_PRIVATE_OUTBOUND: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof envSchema>;
export type LogFormat = NonNullable<Config["LOG_FORMAT"]>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${fields}`);
  }
  return parsed.data;
}
