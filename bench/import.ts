/**
 * The import of a 10,000-row contact list (issue 12 item 9: < 10 s including
 * queuing the number checks): a company of its own (the bench data set is not
 * needed), a spreadsheet made with exceljs as a user's program saves it,
 * uploaded as the list page uploads it; timed from the upload until every row
 * is in the list, the import job has completed and the list's number-check
 * job is queued. The company goes afterwards, its rows with it.
 */
import ExcelJS from "exceljs";
import type { Database } from "../apps/server/src/db/client.js";
import { hashPassword } from "../apps/server/src/modules/auth/password.js";
import type { Figure } from "./measure.js";
import { signIn } from "./lists.js";
import { BENCH } from "./seed.js";

/** Issue 12 item 9's goal, checked against the figure's time. */
export const importBudgetMs = 10_000;
export const importFigureName = "contact list import";

const log = (line: string) => process.stdout.write(`${line}\n`);
const rowsWanted = () => Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

async function sheet(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet("Contatos");
  ws.addRow(["Nome", "Numero", "Email"]);
  for (let i = 0; i < rows; i++)
    ws.addRow([`Cliente ${i}`, `55119${String(i).padStart(8, "0")}`, `cliente${i}@example.com`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A company of the bench's own, with an admin who signs in with the bench's password. */
export async function ownCompany(db: Database, kind = "import"): Promise<{ companyId: number; email: string }> {
  const email = `bench-${kind}-${Date.now()}@example.com`;
  const { rows } = await db.raw.query<{ id: number }>(
    // A plan with campaigns (lists and campaigns are a campaigns area), made on a database without one.
    `with plan as (select id from plans where use_campaigns order by id limit 1),
     made as (insert into plans (name, users, connections, queues, value)
       select 'Bench campaigns', 10, 10, 10, 0 where not exists (select 1 from plan) returning id)
     insert into companies (name, plan_id, due_date)
     values ($1, (select id from plan union all select id from made limit 1), '2099-01-01') returning id`,
    [`Bench ${kind} ${Date.now()}`],
  );
  const companyId = rows[0]!.id;
  await db.raw.query(
    `insert into users (company_id, name, email, password_hash, profile) values ($1, 'Bench Admin', $2, $3, 'admin')`,
    [companyId, email, await hashPassword(BENCH.password)],
  );
  return { companyId, email };
}

async function imported(db: Database, listId: number, rows: number): Promise<boolean> {
  const { rows: found } = await db.raw.query<{ items: string; done: boolean; checks: boolean }>(
    `select (select count(*) from contact_list_items where contact_list_id = $1) as items,
            exists (select 1 from pgboss.job where name = 'import-contact-list'
                    and (data->>'contactListId')::int = $1 and state = 'completed') as done,
            exists (select 1 from pgboss.job where name = 'check-contact-list-numbers'
                    and (data->>'contactListId')::int = $1) as checks`,
    [listId],
  );
  const r = found[0]!;
  return Number(r.items) === rows && r.done && r.checks;
}

export async function importFigure(base: string, db: Database): Promise<Figure> {
  const rows = rowsWanted();
  const { companyId, email } = await ownCompany(db);
  try {
    const token = await signIn(base, email);
    const auth = { authorization: `Bearer ${token}` };
    const list = await fetch(`${base}/contact-lists`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench import" }),
    }).then((r) => r.json() as Promise<{ id: number }>);
    const data = await sheet(rows);
    log(`bench: import of ${rows} rows (${(data.length / 1024).toFixed(0)} kB)`);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), "contatos.xlsx");
    const started = performance.now();
    const res = await fetch(`${base}/contact-lists/${list.id}/upload`, { method: "POST", headers: auth, body: form });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const answered = performance.now() - started;
    while (!(await imported(db, list.id, rows))) await new Promise((r) => setTimeout(r, 25));
    const ms = performance.now() - started;
    return {
      name: `${importFigureName}, ${rows} rows (upload answered in ${answered.toFixed(0)} ms)`,
      p50: ms,
      p95: ms,
      runs: 1,
      perSecond: rows / (ms / 1000),
      note: `${(rows / (ms / 1000)).toFixed(0)} rows/s`,
    };
  } finally {
    await db.raw.query(`delete from companies where id = $1`, [companyId]);
  }
}
