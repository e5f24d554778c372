/** Prompt reads, every one scoped by the company. */
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { prompts, queues } from "../../db/schema/index.js";

export type PromptRow = typeof prompts.$inferSelect;
/** A prompt with its queue's name, as the list shows it. */
export type PromptWithQueue = PromptRow & { queueName: string | null };

const withQueue = { ...getTableColumns(prompts), queueName: queues.name };

function selectWithQueue(db: Db | Tx) {
  return db
    .select(withQueue)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)));
}

export async function findPrompt(db: Db | Tx, companyId: number, id: number): Promise<PromptWithQueue | undefined> {
  const [row] = await selectWithQueue(db).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId)));
  return row;
}

/** Every prompt of the company, by name (a company keeps a handful: the spec's list has no pages). */
export function listPrompts(db: Db | Tx, companyId: number): Promise<PromptWithQueue[]> {
  return selectWithQueue(db).where(eq(prompts.companyId, companyId)).orderBy(asc(prompts.name), asc(prompts.id));
}

/** Whether the id names one of the company's prompts. */
export async function isOwnPrompt(db: Db | Tx, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(prompts)
    .where(and(eq(prompts.id, id), eq(prompts.companyId, companyId)));
  return row !== undefined;
}

/** The prompt a ticket answers to: the one holding it, else its queue's, else its connection's. */
export async function promptForTicket(
  db: Db | Tx,
  companyId: number,
  ticket: { promptId: number | null; queueId: number | null; whatsappId: number | null },
): Promise<PromptRow | undefined> {
  const [row] = await db
    .select()
    .from(prompts)
    .where(
      and(
        eq(prompts.companyId, companyId),
        sql`${prompts.id} = coalesce(${ticket.promptId}::int,
          (select q.prompt_id from queues q where q.id = ${ticket.queueId}::int and q.company_id = ${companyId}),
          (select w.prompt_id from whatsapps w where w.id = ${ticket.whatsappId}::int and w.company_id = ${companyId}))`,
      ),
    );
  return row;
}
