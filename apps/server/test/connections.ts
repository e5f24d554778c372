/** Connections for tests: the body the connection modal sends, and a connection row built directly. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { whatsapps } from "../src/db/schema/index.js";
import type { TestServer } from "./harness.js";

/** Every field of the connection modal (core-platform §2.17), as the web client sends them. */
export const connectionBody = (extra: Record<string, unknown> = {}) => ({
  name: "Comercial",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "Obrigado!",
  outOfHoursMessage: "Fechado.",
  ratingMessage: "Avalie",
  token: "",
  provider: "beta",
  queueIds: [],
  sendIdQueue: null,
  timeSendQueue: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  transferQueueId: null,
  timeToTransfer: 0,
  expiresTicket: 0,
  expiresInactiveMessage: "",
  promptId: null,
  integrationId: null,
  ...extra,
});

/** A connection row straight in the database (no rules, no events): for tests of other areas. */
export async function buildWhatsapp(
  s: TestServer,
  companyId: number,
  overrides: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const [row] = await s.ctx.db
    .insert(whatsapps)
    .values({ companyId, name: `Connection ${randomBytes(4).toString("hex")}`, ...overrides })
    .returning();
  return row!;
}

/** Waits until the connection's stored session status is `status` (sessions start in the background). */
export async function sessionReaches(s: TestServer, whatsappId: number, status: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await s.ctx.db
      .select({ status: whatsapps.status })
      .from(whatsapps)
      .where(eq(whatsapps.id, whatsappId));
    if (row?.status === status) return;
    if (Date.now() > deadline) throw new Error(`connection ${whatsappId} is ${row?.status}, never ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
