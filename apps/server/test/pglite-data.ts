/**
 * A data directory as the PGlite build leaves it (PGlite under DATA_DIR/db,
 * migrated, pg-boss's schema), holding two companies' users, queues,
 * contacts, tickets and messages.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { createServer } from "../src/server.js";
import { contacts, messages, prompts, queueOptions, queues, tags } from "../src/db/schema/index.js";
import type { Database } from "../src/db/client.js";
import { buildContact, buildMessage, buildTicket } from "./conversations.js";
import { buildCompany, buildQueue, buildUser } from "./factories.js";
import { testConfig, type TestServer } from "./harness.js";
import { FakeWhatsAppWeb } from "./fake-baileys.js";
import { openPgliteBuild, pgliteBoss } from "./pglite-build.js";

/** The real server on `dataDir` and the database given. */
export async function serverOn(dataDir: string, database: Database): Promise<TestServer> {
  const whatsappWeb = new FakeWhatsAppWeb();
  const server = await createServer(testConfig(dataDir), database, { whatsappWeb });
  return {
    ...server,
    whatsappWeb,
    url: "",
    request: ({ method = "GET", path, token, body }) =>
      server.app.inject({
        method,
        url: `/api${path}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      }),
  };
}

export const WAITING_QUEUE = "upgrade-waiting";

/** A timestamp with microseconds, which a JavaScript Date would lose on the way. */
export const PRECISE_TIME = "2024-02-29 12:34:56.789123+00";

export const ORDER_DETAILS = {
  order: {
    catalogId: "cat-1",
    items: [{ productId: "p-1", title: "Café", quantity: 2, price: 12.5, currency: "BRL" }],
    total: { amount: 25, currency: "BRL" },
    note: "sem açúcar",
  },
};

export const POLL_DETAILS = {
  poll: {
    question: "Horário?",
    options: ["manhã", "tarde"],
    selectableCount: 1,
    votes: [{ voter: "5511999990000", options: ["tarde"], at: "2024-03-01T10:00:00.000Z" }],
  },
};

export async function fillPgliteDirectory(dataDir: string) {
  const build = await openPgliteBuild(path.join(dataDir, "db"));
  const boss = await pgliteBoss(build);
  // The factories only write through ctx.db.
  const s = { ctx: { db: build.db } } as unknown as TestServer;
  try {
    const company = await buildCompany(s);
    const other = await buildCompany(s);
    const agent = await buildUser(s, { companyId: company.id, profile: "admin" });
    const queue = await buildQueue(s, company.id);
    const [root] = await s.ctx.db
      .insert(queueOptions)
      .values({ queueId: queue.id, option: 1, title: "Menu" })
      .returning();
    await s.ctx.db.insert(queueOptions).values({ queueId: queue.id, option: 1, parentId: root!.id, title: "Vendas" });
    // A queue and its prompt name each other: one of the two references is written in a second pass.
    const [prompt] = await s.ctx.db
      .insert(prompts)
      .values({
        companyId: company.id,
        queueId: queue.id,
        name: "Atendente",
        prompt: "Responda com educação.",
        model: "gpt-4o-mini",
        maxTokens: 100,
        temperature: 1,
        maxMessages: 10,
        apiKey: "",
      })
      .returning();
    await s.ctx.db
      .update(queues)
      .set({ promptId: prompt!.id })
      .where(sql`${queues.id} = ${queue.id}`);
    const [tag] = await s.ctx.db
      .insert(tags)
      .values({ companyId: company.id, name: "vip", color: "#123456" })
      .returning();
    const contact = await buildContact(s, company.id, { name: "Maria Antónia" });
    const ticket = await buildTicket(
      s,
      { companyId: company.id, contactId: contact.id, userId: agent.id, queueId: queue.id },
      [tag!.id],
    );
    const first = await buildMessage(s, ticket, { body: "olá", wid: "wamid.1" });
    const order = await buildMessage(s, ticket, { body: "pedido", mediaType: "order", details: ORDER_DETAILS });
    const poll = await buildMessage(s, ticket, { body: "Horário?", mediaType: "poll", details: POLL_DETAILS });
    const image = await buildMessage(s, ticket, {
      mediaType: "image",
      mediaPath: `${company.id}/abc.jpg`,
      mediaName: "foto.jpg",
      providerData: { id: "media-9", mime_type: "image/jpeg" },
    });
    // A quote of a later message: its row must exist before the reference is written.
    await s.ctx.db
      .update(messages)
      .set({ quotedMsgId: poll.id })
      .where(sql`${messages.id} = ${first.id}`);
    await s.ctx.db.execute(sql`update messages set created_at = ${PRECISE_TIME} where id = ${order.id}`);
    const otherTicket = await buildTicket(s, { companyId: other.id, contactId: (await buildContact(s, other.id)).id });
    await buildMessage(s, otherTicket, { body: "outra empresa" });
    // The highest contact deleted: the next contact's id continues after it, not after the highest left.
    const gone = await buildContact(s, other.id);
    await s.ctx.db.delete(contacts).where(sql`${contacts.id} = ${gone.id}`);
    // A job the old build queued and never ran (no worker for this queue).
    await boss.createQueue(WAITING_QUEUE, { name: WAITING_QUEUE, retryLimit: 3 });
    const jobId = await boss.send(WAITING_QUEUE, { messageId: image.id });
    return {
      jobId,
      company,
      other,
      agent,
      contact,
      ticket,
      messages: { first, order, poll, image },
      deletedContactId: gone.id,
    };
  } finally {
    await boss.stop({ graceful: false, close: false });
    await build.close();
  }
}

export type PgliteFacts = Awaited<ReturnType<typeof fillPgliteDirectory>>;
