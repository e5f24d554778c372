/**
 * A customer's call (SERVER-BEHAVIOUR "Calls"): a missed call is logged on the
 * contact's ticket as a `call_log` message; while the company's `call` setting
 * is "disabled" an offered call is refused at once, logged as missed, and the
 * caller told by an automatic text that this number takes no calls. Group
 * calls are not a customer's: ignored.
 *
 * The log goes through ingest under the id "call-<callId>", so a repeated
 * event (an offer and the timeout after the refusal, a redelivery) logs once
 * and the automatic text goes out once.
 */
import { and, eq } from "drizzle-orm";
import { localTime } from "../../automation/zoned-clock.js";
import type { InboundCall } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import { messages } from "../../db/schema/index.js";
import { settingValue } from "../settings/settings.queries.js";
import { callsRefusedNotice, sendAutomatic } from "../tickets/automatic-messages.js";
import { ingest } from "./ingest.js";
import type { IngestConnection } from "./ingest-store.js";
import { storedMessage } from "./stored-message.js";

/** "14:05" in the company's time zone (the timezone setting; an unknown zone reads as the default). */
function clockOf(at: Date, timeZone: string): string {
  const t = localTime(at, timeZone);
  return `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
}

export function missedCallBody(call: Pick<InboundCall, "isVideo" | "at">, timeZone: string): string {
  return `Chamada de ${call.isVideo ? "vídeo" : "voz"} perdida às ${clockOf(call.at, timeZone)}`;
}

/**
 * Stores the missed call on the contact's ticket; the ticket's id when this
 * event logged it, undefined when it was logged before.
 */
async function logMissedCall(ctx: Context, connection: IngestConnection, call: InboundCall) {
  const wid = `call-${call.callId}`;
  if (await storedMessage(ctx.db, connection, wid)) return undefined;
  const timeZone = await settingValue(ctx.db, connection.companyId, "timezone");
  await ingest(ctx, connection, {
    wid,
    chatNumber: call.chatNumber,
    chatUser: call.chatUser,
    isGroup: false,
    chatName: call.chatName,
    fromMe: false,
    mediaType: "call_log",
    body: missedCallBody(call, timeZone),
    timestamp: call.at,
  });
  const [row] = await ctx.db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(
      and(eq(messages.companyId, connection.companyId), eq(messages.whatsappId, connection.id), eq(messages.wid, wid)),
    );
  return row?.ticketId;
}

/** `reject` refuses the call on WhatsApp; it runs first, so the phone stops ringing before the log and the notice. */
export async function receiveCall(
  ctx: Context,
  connection: IngestConnection,
  call: InboundCall,
  reject: () => Promise<void>,
): Promise<void> {
  if (call.isGroup) return;
  const refused = (await settingValue(ctx.db, connection.companyId, "call")) === "disabled";
  if (call.outcome === "offer" && !refused) return;
  if (call.outcome === "offer") await reject();
  const ticketId = await logMissedCall(ctx, connection, call);
  if (call.outcome === "offer" && ticketId !== undefined)
    await sendAutomatic(
      ctx,
      { id: ticketId, companyId: connection.companyId, whatsappId: connection.id },
      callsRefusedNotice,
    );
}
