/**
 * A verified webhook delivery read level by level (issue 19): the envelope,
 * each entry, each change. What cannot be read is handed back whole with the
 * reason, to be kept (inbound_rejections), and the rest is read on; messages
 * and statuses are read one by one by the driver the same way.
 */
import type { ZodError } from "zod";
import type { InboundRejection } from "../driver.js";
import {
  cloudChangeSchema,
  cloudEntrySchema,
  cloudValueSchema,
  cloudWebhookSchema,
  type CloudValue,
} from "./payload.js";

/** Zod's complaints in one line: "entry.0.changes: expected array, received undefined". */
export function reasonOf(what: string, error: ZodError): string {
  const issues = error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  return `${what}: ${issues.join("; ")}`;
}

export interface ReadDelivery {
  /** The values of the "messages" changes, in order. */
  values: CloudValue[];
  rejections: InboundRejection[];
}

export function readDelivery(body: string): ReadDelivery {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { values: [], rejections: [{ item: body, reason: "the delivery is not JSON" }] };
  }
  const envelope = cloudWebhookSchema.safeParse(json);
  if (!envelope.success)
    return {
      values: [],
      rejections: [{ item: json, reason: reasonOf("not a WhatsApp Business Account delivery", envelope.error) }],
    };
  const read: ReadDelivery = { values: [], rejections: [] };
  for (const rawEntry of envelope.data.entry) {
    const entry = cloudEntrySchema.safeParse(rawEntry);
    if (!entry.success) {
      read.rejections.push({ item: rawEntry, reason: reasonOf("unreadable entry", entry.error) });
      continue;
    }
    for (const rawChange of entry.data.changes) readChange(rawChange, read);
  }
  return read;
}

/** Only the "messages" field carries what a customer sends; other fields (template updates…) are not ours to keep. */
function readChange(rawChange: unknown, read: ReadDelivery) {
  const change = cloudChangeSchema.safeParse(rawChange);
  if (!change.success) {
    read.rejections.push({ item: rawChange, reason: reasonOf("unreadable change", change.error) });
    return;
  }
  if (change.data.field !== "messages") return;
  const value = cloudValueSchema.safeParse(change.data.value);
  if (value.success) read.values.push(value.data);
  else read.rejections.push({ item: rawChange, reason: reasonOf("unreadable change value", value.error) });
}
