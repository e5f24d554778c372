/** Queues for tests: the body the queue modal sends, and the calls the queue tests share. */
import { eq } from "drizzle-orm";
import { queues } from "../src/db/schema/index.js";
import type { TestServer } from "./harness.js";

/** Every field of the queue modal, as the web client sends them. */
export const queueBody = (extra: Record<string, unknown> = {}) => ({
  name: "Vendas",
  color: "#B80000",
  greetingMessage: "Olá! Bem-vindo a Vendas.",
  outOfHoursMessage: "Estamos fechados.",
  orderQueue: 1,
  integrationId: null,
  promptId: null,
  schedules: [],
  ...extra,
});

export const createQueue = (s: TestServer, token: string, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/queue", token, body: queueBody(extra) });

export const queuesOf = (s: TestServer, companyId: number) =>
  s.ctx.db.select().from(queues).where(eq(queues.companyId, companyId));
