/**
 * What the queue bot needs from the database besides the ticket (chatbot.ts):
 * the connection's bot fields, its queues in bot-menu order (orderQueue,
 * unset last, then by creation) each with its whole option tree, and the
 * company's settings and weekly hours. Three queries plus the settings.
 *
 *   const context = await botContext(db, companyId, ticket.whatsappId);
 *   if (context) routeInbound({ ...context, ticket, text, now: new Date() });
 *
 * A tickets row is a BotTicket as it is (same field names).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, queueOptions, queues, settings, whatsappQueues, whatsapps } from "../db/schema/index.js";
import { settingDefaults } from "@balcao/contracts";
import type { BotConnection, BotQueue, BotSettings } from "./chatbot.js";

export interface BotContext {
  connection: BotConnection;
  queues: BotQueue[];
  settings: BotSettings;
}

const keys = ["scheduleType", "sendGreetingMessageOneQueues", "timezone"] as const;

async function botSettings(db: Db, companyId: number): Promise<BotSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value, hours: companies.schedules })
    .from(companies)
    .leftJoin(settings, and(eq(settings.companyId, companies.id), inArray(settings.key, [...keys])))
    .where(eq(companies.id, companyId));
  const value = (key: (typeof keys)[number]) => rows.find((r) => r.key === key)?.value ?? settingDefaults[key];
  return {
    scheduleType: value("scheduleType"),
    sendGreetingMessageOneQueues: value("sendGreetingMessageOneQueues"),
    timeZone: value("timezone"),
    companyHours: rows[0]?.hours ?? [],
  };
}

async function connectionQueues(db: Db, companyId: number, whatsappId: number): Promise<BotQueue[]> {
  const rows = await db
    .select({
      id: queues.id,
      name: queues.name,
      greetingMessage: queues.greetingMessage,
      outOfHoursMessage: queues.outOfHoursMessage,
      schedules: queues.schedules,
    })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(queues.companyId, companyId)))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
  if (rows.length === 0) return [];
  const options = await db
    .select({
      id: queueOptions.id,
      queueId: queueOptions.queueId,
      parentId: queueOptions.parentId,
      option: queueOptions.option,
      title: queueOptions.title,
      message: queueOptions.message,
    })
    .from(queueOptions)
    .where(
      inArray(
        queueOptions.queueId,
        rows.map((q) => q.id),
      ),
    )
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.map((q) => ({
    ...q,
    options: options.filter((o) => o.queueId === q.id).map(({ queueId: _, ...o }) => o),
  }));
}

/** Undefined when the connection is not the company's (or is gone). */
export async function botContext(
  db: Db,
  companyId: number,
  whatsappId: number | null,
): Promise<BotContext | undefined> {
  if (whatsappId === null) return undefined;
  const [connection] = await db
    .select({
      greetingMessage: whatsapps.greetingMessage,
      complationMessage: whatsapps.complationMessage,
      outOfHoursMessage: whatsapps.outOfHoursMessage,
      maxUseBotQueues: whatsapps.maxUseBotQueues,
      timeUseBotQueues: whatsapps.timeUseBotQueues,
    })
    .from(whatsapps)
    .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, companyId)));
  if (!connection) return undefined;
  const [list, set] = await Promise.all([connectionQueues(db, companyId, whatsappId), botSettings(db, companyId)]);
  return { connection, queues: list, settings: set };
}
