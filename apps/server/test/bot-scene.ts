/**
 * A company whose Cloud API connection runs the queue bot, for the tests of
 * what answers customers (automation/*.test.ts): queues made by the admin's
 * calls (Vendas; Suporte with a two-level option tree), a Suporte agent, and
 * a customer who writes through Meta's signed webhook and reads what the
 * fake Graph API received.
 */
import { and, asc, eq } from "drizzle-orm";
import type { TicketDto } from "@balcao/contracts";
import type { whatsapps } from "../src/db/schema/index.js";
import { messages, settings, whatsappQueues } from "../src/db/schema/index.js";
import { buildCloudConnection } from "./cloud-connection.js";
import { cloudCustomer } from "./cloud-customer.js";
import { buildTenant, buildUser, login } from "./factories.js";
import type { FakeGraph } from "./fake-graph.js";
import type { TestServer } from "./harness.js";
import { createQueue } from "./queues.js";

export interface BotSceneOptions {
  /** Company settings by key (scheduleType, sendGreetingMessageOneQueues…). */
  settings?: Record<string, string>;
  connection?: Partial<typeof whatsapps.$inferInsert>;
  /** Only Vendas on the connection. */
  oneQueue?: boolean;
}

export async function botScene(s: TestServer, fake: FakeGraph, options: BotSceneOptions = {}) {
  const tenant = await buildTenant(s);
  const companyId = tenant.company.id;
  const admin = tenant.admin.token;
  for (const [key, value] of Object.entries(options.settings ?? {}))
    await s.ctx.db
      .update(settings)
      .set({ value })
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  const queue = async (name: string, color: string, greetingMessage: string, orderQueue: number) => {
    const res = await createQueue(s, admin, { name, color, greetingMessage, orderQueue });
    if (res.statusCode !== 200) throw new Error(`queue ${name}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const vendas = await queue("Vendas", "#B80000", "Bem-vindo a Vendas, {{firstName}}!", 1);
  const suporte = await queue("Suporte", "#0B5394", "Suporte técnico", 2);
  const option = async (parentId: number | null, title: string, message: string) =>
    (
      await s.request({
        method: "POST",
        path: "/queue-options",
        token: admin,
        body: { queueId: suporte, parentId, title, message },
      })
    ).json<{ id: number }>().id;
  const internet = await option(null, "Internet", "Sobre internet:");
  const lenta = await option(internet, "Lenta", "Reinicie o roteador, {{firstName}}.");
  await option(internet, "Sem sinal", "Vamos verificar o sinal.");
  const boleto = await option(null, "Boleto", "Enviaremos o boleto.");
  const connection = await buildCloudConnection(s, fake, companyId, {
    greetingMessage: "Olá {{firstName}}! Escolha um setor:",
    complationMessage: "Atendimento encerrado. Até logo!",
    ...options.connection,
  });
  const linked = options.oneQueue ? [vendas] : [vendas, suporte];
  await s.ctx.db.insert(whatsappQueues).values(linked.map((queueId) => ({ whatsappId: connection.id, queueId })));
  const agent = await buildUser(s, { companyId, queueIds: [suporte], name: "Marina" });
  const { customer, says, texts: textsSent, ticket } = cloudCustomer(s, fake, connection);
  const storedMessages = async () =>
    s.ctx.db.select().from(messages).where(eq(messages.whatsappId, connection.id)).orderBy(asc(messages.id));
  const agentToken = (await login(s, agent.email)).token;
  const agentSees = async (): Promise<TicketDto[]> =>
    (await s.request({ method: "GET", path: "/tickets?status=pending&showAll=false", token: agentToken })).json<{
      tickets: TicketDto[];
    }>().tickets;

  return {
    tenant,
    companyId,
    connection,
    queues: { vendas, suporte },
    options: { internet, lenta, boleto },
    agent: { ...agent, token: agentToken },
    customer,
    says,
    textsSent,
    ticket,
    storedMessages,
    agentSees,
  };
}

export type BotScene = Awaited<ReturnType<typeof botScene>>;
