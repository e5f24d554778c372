/**
 * A customer of a Cloud API connection, as the automation tests play one: they write through
 * Meta's signed webhook (the fake Graph API) and read what the server sent them, in order.
 */
import { asc, eq } from "drizzle-orm";
import { tickets } from "../src/db/schema/index.js";
import { customerNumber } from "./cloud-connection.js";
import type { FakeGraph, SentRecord } from "./fake-graph.js";
import type { TestServer } from "./harness.js";

/** What the customer saw of one message: its text, or "[image]" etc. for a file. */
export function shown(r: SentRecord): string {
  const type = r.body.type as string;
  if (type === "text") return (r.body.text as { body: string }).body;
  return `[${type}]`;
}

export function cloudCustomer(
  s: TestServer,
  graph: FakeGraph,
  connection: { id: number; cloudPhoneNumberId: string },
  customer = { from: customerNumber(), name: "Paulo Lima" },
) {
  const received = () => graph.sent.filter((r) => r.to === customer.from);
  const texts = () => received().map(shown);
  /** The customer writes; resolves with what they received back (waiting for `answers` of them). */
  async function says(text: string, answers = 1, timeoutMs = 10_000): Promise<string[]> {
    const before = received().length;
    const delivery = await graph.customerMessage({ phoneNumberId: connection.cloudPhoneNumberId, ...customer, text });
    if (delivery.status !== 200) throw new Error(`webhook answered ${delivery.status}: ${delivery.body}`);
    if (answers > 0) await graph.waitForSent(before + answers, customer.from, timeoutMs);
    return received().slice(before).map(shown);
  }
  /** The connection's first ticket, as stored. */
  const ticket = async () => {
    const [row] = await s.ctx.db
      .select()
      .from(tickets)
      .where(eq(tickets.whatsappId, connection.id))
      .orderBy(asc(tickets.id));
    return row!;
  };
  return { customer, received, texts, says, ticket };
}
