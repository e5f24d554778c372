/**
 * What the queue bot needs from the database besides the ticket (chatbot.ts):
 * the connection's bot fields, its queues in bot-menu order (orderQueue,
 * unset last, then by creation) each with its whole option tree, and the
 * company's settings and weekly hours.
 *
 *   const context = await botContext(db, companyId, ticket.whatsappId);
 *   if (context) routeInbound({ ...context, ticket, text, now: new Date() });
 *
 * A tickets row is a BotTicket as it is (same field names).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { SqlInputs } from "../db/rows.js";
import { companies, queueOptions, queues, settings, whatsappQueues, whatsapps } from "../db/schema/index.js";
import { settingDefaults } from "@balcao/contracts";
import type { BotConnection, BotQueue, BotSettings } from "./chatbot.js";
import type { HoursEntry } from "./business-hours.js";

export interface BotContext {
  connection: BotConnection;
  queues: BotQueue[];
  settings: BotSettings;
}

const keys = ["scheduleType", "sendGreetingMessageOneQueues", "timezone"] as const;
type Key = (typeof keys)[number];

export interface BotContextRow extends BotConnection {
  queues: BotQueue[];
  companyHours: HoursEntry[] | null;
  settings: Partial<Record<Key, string>> | null;
}

/** Each queue of the connection with its option tree, in bot-menu order, as JSON. */
const connectionQueues = sql`(
  select coalesce(json_agg(json_build_object(
      'id', ${queues.id}, 'name', ${queues.name}, 'greetingMessage', ${queues.greetingMessage},
      'outOfHoursMessage', ${queues.outOfHoursMessage}, 'schedules', ${queues.schedules},
      'options', (
        select coalesce(json_agg(json_build_object(
            'id', ${queueOptions.id}, 'parentId', ${queueOptions.parentId}, 'option', ${queueOptions.option},
            'title', ${queueOptions.title}, 'message', ${queueOptions.message})
          order by ${queueOptions.option}, ${queueOptions.id}), '[]')
        from ${queueOptions} where ${queueOptions.queueId} = ${queues.id}))
    order by ${queues.orderQueue} asc nulls last, ${queues.id}), '[]')
  from ${whatsappQueues} join ${queues} on ${queues.id} = ${whatsappQueues.queueId}
  where ${whatsappQueues.whatsappId} = ${whatsapps.id} and ${queues.companyId} = ${whatsapps.companyId})`;

/** The connection's bot fields, queues and settings as one row (none when the connection is not the company's). */
export function botContextQuery({ companyId, whatsappId }: SqlInputs<{ companyId: number; whatsappId: number }>): SQL {
  return sql`
    select ${whatsapps.greetingMessage} as "greetingMessage", ${whatsapps.complationMessage} as "complationMessage",
      ${whatsapps.outOfHoursMessage} as "outOfHoursMessage", ${whatsapps.maxUseBotQueues} as "maxUseBotQueues",
      ${whatsapps.timeUseBotQueues} as "timeUseBotQueues", ${connectionQueues} as queues,
      ${companies.schedules} as "companyHours",
      (select json_object_agg(${settings.key}, ${settings.value}) from ${settings}
        where ${settings.companyId} = ${companies.id}
          and ${settings.key} in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})) as settings
    from ${whatsapps} join ${companies} on ${companies.id} = ${whatsapps.companyId}
    where ${whatsapps.id} = ${whatsappId} and ${whatsapps.companyId} = ${companyId}`;
}

/** botContextQuery's row as the bot reads it (its columns keep their types as JSON too: answer-facts.ts). */
export function botContextOf(row: BotContextRow | undefined | null): BotContext | undefined {
  if (!row) return undefined;
  const { queues: list, companyHours, settings: set, ...connection } = row;
  const value = (key: Key) => set?.[key] ?? settingDefaults[key];
  return {
    connection,
    queues: list,
    settings: {
      scheduleType: value("scheduleType"),
      sendGreetingMessageOneQueues: value("sendGreetingMessageOneQueues"),
      timeZone: value("timezone"),
      companyHours: companyHours ?? [],
    },
  };
}

/** Undefined when the connection is not the company's (or is gone). One statement: it runs for every answer. */
export async function botContext(
  db: Db,
  companyId: number,
  whatsappId: number | null,
): Promise<BotContext | undefined> {
  if (whatsappId === null) return undefined;
  const result = await db.execute(botContextQuery({ companyId, whatsappId }));
  return botContextOf((result as { rows: BotContextRow[] }).rows[0]);
}
