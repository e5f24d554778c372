/**
 * Every list item's number is checked against WhatsApp (business-areas §2.10
 * validity icon) through the company's default connection's checkNumber,
 * never inside a request: this durable job takes the list's unchecked items a
 * batch at a time, stores each answer as it comes (the page shows it at once)
 * and queues its own next run for the rest. Where the driver asks WhatsApp
 * (WhatsApp Web), one check per connection every checkPaceMs whatever the list
 * (WhatsApp blocks numbers that look numbers up in bursts); where its check is
 * local (the Cloud API), bigger batches at once (issue 29 item 10: a
 * 10,000-row list took 42 minutes at the pace). The unchecked items
 * are the job's whole state, so a run cut short by a restart loses nothing
 * and checks nothing twice that was stored.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { contactListLimits } from "@balcao/contracts";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { checkNumberAsksWhatsApp, type ChannelSender } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { contactListItems, whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { JobDefinition } from "../../jobs/jobs.js";
import { uncheckedItems } from "./contact-lists.queries.js";

const payload = z.object({ companyId: z.number().int().positive(), contactListId: z.number().int().positive() });
type Payload = z.infer<typeof payload>;
type ItemRow = typeof contactListItems.$inferSelect;

const { checkBatch, checkLocalBatch, checkPaceMs, checkWaitForConnectionMs } = contactListLimits;

export const checkContactListNumbers: JobDefinition<Payload> = {
  name: "check-contact-list-numbers",
  payload,
  // A failed lookup (WhatsApp unreachable) is tried again from 30 s to a few hours later. A company
  // without a running default connection is not a failure: the run looks again later (checkLater).
  // A run is checkBatch checks at the pace, each a WhatsApp round trip.
  policy: { policy: "short", retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 180 },
  run: checkNumbers,
};

/**
 * When each connection may look up its next number, per server: a slot is
 * taken before waiting, so runs for several lists of one connection share
 * its pace.
 */
const nextSlot = new WeakMap<Context, Map<number, number>>();

async function paced(ctx: Context, whatsappId: number): Promise<void> {
  const slots = nextSlot.get(ctx) ?? new Map<number, number>();
  nextSlot.set(ctx, slots);
  const now = Date.now();
  const slot = Math.max(now, slots.get(whatsappId) ?? 0);
  slots.set(whatsappId, slot + checkPaceMs);
  if (slot > now) await sleep(slot - now);
}

interface DefaultSender {
  whatsappId: number;
  sender: ChannelSender;
  /** Its checks ask WhatsApp, so they go at the pace. */
  asksWhatsApp: boolean;
}

/** The company's default connection and its driver, if there is one running. */
async function defaultSender(ctx: Context, companyId: number): Promise<DefaultSender | undefined> {
  const connection = await ctx.db.query.whatsapps.findFirst({
    where: and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)),
    orderBy: desc(whatsapps.id),
    columns: { id: true, provider: true },
  });
  const sender = connection && ctx.channels.sender(connection.id);
  if (!connection || !sender) return undefined;
  return { whatsappId: connection.id, sender, asksWhatsApp: checkNumberAsksWhatsApp(connection.provider) };
}

/** The list's next run, as its one waiting job (an earlier start already asked for is kept). */
function checkLater(ctx: Context, data: Payload, ms: number) {
  return ctx.jobs.send(checkContactListNumbers, data, undefined, {
    singletonKey: `list:${data.contactListId}`,
    startAfter: new Date(Date.now() + ms),
  });
}

/** A WhatsApp Web session not open yet is waited for like a missing connection. */
const notRunning = (err: unknown) => err instanceof AppError && err.code === "ERR_WAPP_NOT_INITIALIZED";

async function checkAll(ctx: Context, items: ItemRow[], { whatsappId, sender, asksWhatsApp }: DefaultSender) {
  for (const item of items) {
    if (asksWhatsApp) await paced(ctx, whatsappId);
    // A failed check (WhatsApp unreachable) throws: what was stored stays, the rest is tried again later.
    const known = await sender.checkNumber(item.number);
    await store(ctx, item, known !== null);
  }
}

/** Stores one answer, unless the number changed meanwhile (its new form gets its own check). */
async function store(
  ctx: Context,
  item: { id: number; number: string; contactListId: number; companyId: number },
  valid: boolean,
) {
  const [updated] = await ctx.db
    .update(contactListItems)
    .set({ isWhatsappValid: valid, updatedAt: new Date() })
    .where(
      and(
        eq(contactListItems.id, item.id),
        eq(contactListItems.number, item.number),
        isNull(contactListItems.isWhatsappValid),
      ),
    )
    .returning({ id: contactListItems.id });
  if (!updated) return;
  await ctx.events.published("contactListItem.updated", {
    companyId: item.companyId,
    contactListId: item.contactListId,
    itemId: item.id,
  });
}

async function checkNumbers(ctx: Context, data: Payload): Promise<void> {
  const connection = await defaultSender(ctx, data.companyId);
  const batch = connection && !connection.asksWhatsApp ? checkLocalBatch : checkBatch;
  const items = await uncheckedItems(ctx.db, data.companyId, data.contactListId, batch);
  if (items.length === 0) return;
  if (!connection) return checkLater(ctx, data, checkWaitForConnectionMs);
  try {
    await checkAll(ctx, items, connection);
  } catch (err) {
    if (notRunning(err)) return checkLater(ctx, data, checkWaitForConnectionMs);
    throw err;
  }
  if (items.length < batch) return;
  if (connection.asksWhatsApp) return checkLater(ctx, data, checkPaceMs);
  await checkLater(ctx, data, 0);
  ctx.jobs.wake(checkContactListNumbers.name);
}
