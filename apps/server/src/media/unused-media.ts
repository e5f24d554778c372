/**
 * Files nothing refers to are removed a day after they were kept (issue 29 item 9): a flow
 * upload the builder never saved into a graph, a graph's picture since replaced, what a crash
 * left. A file is in use while any of these names it: a message, a quick message, a schedule,
 * a campaign, a file list's option, a flow's graph (anywhere in its JSON), or a contact-list
 * import still waiting in its job. The check is made again by the statement that forgets the
 * row, and the file goes in the same transaction: a crash before the commit keeps the row (the
 * next run removes the file), so storage never stops counting a file still on disk.
 */
import { sql } from "drizzle-orm";
import type { Context } from "../context.js";
import { importContactList } from "../modules/contact-lists/import-contact-list.js";

/** How long a file nothing refers to is kept: a builder's upload waits that long for its flow to be saved. */
export const unusedMediaKeptHours = 24;

const batchSize = 200;

const unused = sql`
  f.created_at < now() - make_interval(hours => ${unusedMediaKeptHours})
  and not exists (select 1 from messages m where m.media_path = f.path)
  and not exists (select 1 from quick_messages q where q.company_id = f.company_id and q.media_path = f.path)
  and not exists (select 1 from schedules s where s.company_id = f.company_id and s.media_path = f.path)
  and not exists (select 1 from campaigns c where c.company_id = f.company_id and c.media_path = f.path)
  and not exists (select 1 from file_list_options o where o.company_id = f.company_id and o.path = f.path)
  and not exists (
    select 1 from flows w where w.company_id = f.company_id and strpos(w.graph::text, f.path) > 0)
  and not exists (
    select 1 from pgboss.job j
    where j.name = ${importContactList.name} and j.state in ('created', 'retry', 'active')
      and j.data->>'mediaPath' = f.path)`;

/** One batch: the oldest unused files forgotten and removed; how many. */
async function removeBatch(ctx: Context): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      delete from media_files where path in (
        select f.path from media_files f where ${unused}
        order by f.created_at limit ${batchSize} for update skip locked)
      returning path`);
    const paths = (result as { rows: { path: string }[] }).rows.map((r) => r.path);
    // The rows are gone only if the files are: ctx.media.remove would forget them outside this transaction.
    for (const mediaPath of paths) await ctx.media.removeFile(mediaPath);
    return paths.length;
  });
}

/** Every unused file past its day, in batches; how many went. */
export async function removeUnusedMedia(ctx: Context): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await removeBatch(ctx);
    removed += batch;
    if (batch < batchSize) return removed;
  }
}
