/**
 * The bench data set (DESIGN §9): one company with 50k contacts, 100k tickets
 * and 1M messages, written with set-based SQL so seeding takes a minute, not
 * an hour. Realistic spreads: most tickets closed, a few hundred open and
 * pending across queues and attendants, ten messages per ticket with varied
 * words so text search has to work for its answer.
 */
import type { Database } from "../apps/server/src/db/client.js";
import { hashPassword } from "../apps/server/src/modules/auth/password.js";
import { createDefaultSettings } from "../apps/server/src/modules/settings/settings.queries.js";

/**
 * The bench servers' secrets key: each run has a data directory of its own, and a key generated there would
 * not open what an earlier run encrypted in the same database (its connection's Cloud API token).
 */
export const benchSecretsKey = process.env.SECRETS_KEY ?? "b".repeat(64);

export const BENCH = {
  company: "Bench Co",
  contacts: 50_000,
  tickets: 100_000,
  messagesPerTicket: 10,
  queues: 5,
  agents: 10,
  password: "Bench123",
  adminEmail: "bench-admin@example.com",
  agentEmail: (i: number) => `bench-agent-${i}@example.com`,
  /**
   * Bumped when the data set changes shape, so a database seeded by an older
   * bench is seeded again by itself. 2: closed tickets carry their attendant,
   * minutes-apart accept/close times, and a third of them a rating (dashboard). 3: closed tickets carry
   * their business-hours first-response and resolution minutes (dashboard).
   */
  seedVersion: "3",
} as const;

/** Where the seed version is kept: a setting of the bench company that no product code reads. */
const seedVersionKey = "benchSeedVersion";

export interface BenchTenant {
  companyId: number;
  queueIds: number[];
  whatsappId: number;
  tagIds: number[];
}

async function one<T>(db: Database, text: string, values?: unknown[]): Promise<T> {
  const { rows } = await db.raw.query<T>(text, values ?? []);
  return rows[0]!;
}

export async function findBenchTenant(db: Database): Promise<BenchTenant | null> {
  const { rows } = await db.raw.query<{ id: number }>(`select id from companies where name = $1`, [BENCH.company]);
  const company = rows[0];
  if (!company) return null;
  const { rows: n } = await db.raw.query<{ n: string }>(`select count(*) as n from messages where company_id = $1`, [
    company.id,
  ]);
  if (Number(n[0]!.n) < BENCH.tickets * BENCH.messagesPerTicket) return null;
  const { rows: version } = await db.raw.query<{ value: string }>(
    `select value from settings where company_id = $1 and key = $2`,
    [company.id, seedVersionKey],
  );
  if (version[0]?.value !== BENCH.seedVersion) return null;
  const ids = (sql: string) => db.raw.query<{ id: number }>(sql, [company.id]).then((r) => r.rows.map((x) => x.id));
  const [queueIds, whatsappIds, tagIds] = await Promise.all([
    ids(`select id from queues where company_id = $1 order by id`),
    ids(`select id from whatsapps where company_id = $1 order by id`),
    ids(`select id from tags where company_id = $1 order by id`),
  ]);
  return { companyId: company.id, queueIds, whatsappId: whatsappIds[0]!, tagIds };
}

export async function seedBench(db: Database, log: (line: string) => void): Promise<BenchTenant> {
  const started = Date.now();
  const step = (what: string) => log(`seed: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await db.raw.query(`delete from companies where name = $1`, [BENCH.company]);
  const plan = await one<{ id: number }>(
    db,
    `insert into plans (name, users, connections, queues, value) values ('Bench plan ' || now(), 100, 10, 10, 0) returning id`,
  );
  const company = await one<{ id: number }>(
    db,
    `insert into companies (name, plan_id, due_date) values ($1, $2, '2099-01-01') returning id`,
    [BENCH.company, plan.id],
  );
  const companyId = company.id;
  await createDefaultSettings(db.db, companyId);
  const hash = await hashPassword(BENCH.password);
  await db.raw.query(
    `insert into users (company_id, name, email, password_hash, profile) values ($1, 'Bench Admin', $2, $3, 'admin')`,
    [companyId, BENCH.adminEmail, hash],
  );
  for (let i = 1; i <= BENCH.agents; i++) {
    await db.raw.query(
      `insert into users (company_id, name, email, password_hash, profile) values ($1, $2, $3, $4, 'user')`,
      [companyId, `Agent ${i}`, BENCH.agentEmail(i), hash],
    );
  }
  const queueIds: number[] = [];
  for (let i = 1; i <= BENCH.queues; i++) {
    const q = await one<{ id: number }>(
      db,
      `insert into queues (company_id, name, color) values ($1, $2, $3) returning id`,
      [companyId, `Queue ${i}`, `#${(0x100000 * i).toString(16).padStart(6, "0")}`],
    );
    queueIds.push(q.id);
  }
  // Each agent serves two queues.
  await db.raw.query(
    `insert into user_queues (user_id, queue_id)
       select u.id, q.id from users u
       join lateral (select id from queues where company_id = $1 order by id offset (u.id % $2) limit 2) q on true
       where u.company_id = $1 and u.profile = 'user'`,
    [companyId, BENCH.queues],
  );
  const tagIds: number[] = [];
  for (const name of ["vip", "lead", "suporte", "financeiro", "urgente"]) {
    const t = await one<{ id: number }>(
      db,
      `insert into tags (company_id, name, color) values ($1, $2, '#a4cccc') returning id`,
      [companyId, name],
    );
    tagIds.push(t.id);
  }
  const wa = await one<{ id: number }>(
    db,
    `insert into whatsapps (company_id, name, is_default, provider, status) values ($1, 'Bench', true, 'cloud', 'CONNECTED') returning id`,
    [companyId],
  );
  step("company, users, queues, tags, connection");

  await db.raw.query(
    `insert into contacts (company_id, name, number, email, whatsapp_id, created_at, updated_at)
       select $1, (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Heitor','Isabela','João'])[1 + g % 10]
                  || ' ' || (array['Silva','Souza','Oliveira','Santos','Lima','Pereira','Costa','Almeida'])[1 + (g / 10) % 8]
                  || ' ' || g,
              '55' || (11000000000 + g)::text, 'contato' || g || '@example.com', $2,
              now() - (g % 365) * interval '1 day', now()
       from generate_series(1, $3) g`,
    [companyId, wa.id, BENCH.contacts],
  );
  step(`${BENCH.contacts} contacts`);

  // Ticket g belongs to contact (g mod contacts); only each contact's newest ticket may be active.
  const users = await db.raw.query<{ id: number }>(
    `select id from users where company_id = $1 and profile = 'user' order by id`,
    [companyId],
  );
  // Active tickets: the last 2,000 (even open with an attendant, odd pending). Closed ones keep their
  // attendant; each was accepted 1–20 minutes after it was created and closed 5–94 minutes later. Their
  // business-hours first response is 1–20 minutes and resolution up to the clock's; one in eight was
  // closed without an agent's answer.
  await db.raw.query(
    `with c as (select id, row_number() over (order by id) - 1 as n from contacts where company_id = $1),
          g as (select g, now() - (($3 - g) * interval '5 minutes') as at, g > $3 - $4 as active from generate_series(1, $3) g)
     insert into tickets (company_id, status, contact_id, whatsapp_id, user_id, queue_id, unread_messages,
                          last_message, created_at, updated_at, queued_at, accepted_at, closed_at,
                          first_response_business_minutes, resolution_business_minutes)
       select $1,
              case when active then (case when g % 2 = 0 then 'open' else 'pending' end) else 'closed' end,
              c.id, $2,
              case when active and g % 2 = 1 then null else ($5::int[])[1 + g % array_length($5::int[], 1)] end,
              case when g % 10 = 0 then null else ($6::int[])[1 + g % array_length($6::int[], 1)] end,
              case when g % 3 = 0 then g % 7 else 0 end,
              'mensagem ' || g,
              at, at, at,
              case when active and g % 2 = 1 then null else at + (1 + g % 20) * interval '1 minute' end,
              case when active then null else at + (6 + g % 20 + g % 90) * interval '1 minute' end,
              case when active or g % 8 = 0 then null else 1 + g % 20 end,
              case when active then null else 6 + g % 20 + g % 90 - g % 5 end
       from g join c on c.n = g.g % $7`,
    [companyId, wa.id, BENCH.tickets, 2_000, users.rows.map((u) => u.id), queueIds, BENCH.contacts],
  );
  // A third of the closed tickets rated by the customer (1–3), two minutes after closing.
  await db.raw.query(
    `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
       select company_id, id, user_id, 1 + (id * 7) % 3, closed_at + interval '2 minutes' from tickets
       where company_id = $1 and status = 'closed' and id % 3 = 0`,
    [companyId],
  );
  step(`${BENCH.tickets} tickets`);

  await db.raw.query(
    `insert into ticket_tags (ticket_id, tag_id)
       select t.id, ($2::int[])[1 + t.id % array_length($2::int[], 1)] from tickets t
       where t.company_id = $1 and t.id % 4 = 0`,
    [companyId, tagIds],
  );
  const words = ["pedido", "entrega", "boleto", "troca", "garantia", "orçamento", "cancelamento", "nota fiscal"];
  await db.raw.query(
    `insert into messages (company_id, ticket_id, whatsapp_id, wid, contact_id, from_me, body, read, ack, created_at, updated_at)
       select t.company_id, t.id, t.whatsapp_id, 'bench.' || t.id || '.' || m, case when m % 2 = 0 then null else t.contact_id end,
              m % 2 = 0,
              case when m % 2 = 0 then 'Olá, aqui é da equipe. Sobre o seu ' || ($3::text[])[1 + (t.id + m) % 8] || ' número ' || t.id
                   else 'Bom dia, preciso de ajuda com ' || ($3::text[])[1 + (t.id * m) % 8] || ' do protocolo ' || (t.id * 10 + m) end,
              true, 4, t.created_at + m * interval '10 seconds', t.created_at + m * interval '10 seconds'
       from tickets t cross join generate_series(1, $2) m
       where t.company_id = $1`,
    [companyId, BENCH.messagesPerTicket, words],
  );
  step(`${BENCH.tickets * BENCH.messagesPerTicket} messages`);
  await db.raw.query(`analyze`);
  step("analyze");
  // Written last: a seed cut short is seeded again.
  await db.raw.query(`insert into settings (company_id, key, value) values ($1, $2, $3)`, [
    companyId,
    seedVersionKey,
    BENCH.seedVersion,
  ]);
  return { companyId, queueIds, whatsappId: wa.id, tagIds };
}
