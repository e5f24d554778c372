/**
 * What an integration says to the customer (Typebot's bubbles, Dialogflow's
 * fulfilment texts): texts, and files fetched from the URLs the bot gave
 * (through the guarded client) and kept in the company's media, then stored
 * in the turn's transaction and sent by the send sweep like every
 * automatic message — never twice, never lost (modules/messages/send-sweep.ts).
 * `delayMs` apart: each message after the first is due that much after the
 * one before it.
 */
import path from "node:path";
import { Readable } from "node:stream";
import type { Context } from "../context.js";
import type { EventTransaction } from "../events/bus.js";
import { mimetypeByName } from "../modules/messages/outbound-media.js";
import { storeOutgoing, type OutgoingMedia, type OutgoingTicket } from "../modules/messages/send-message.js";
import { queueSends } from "../modules/messages/send-queue.js";
import { outboundFetch } from "../outbound/index.js";

export type BotMediaKind = "image" | "video" | "audio";
export type BotReply = { kind: "text"; text: string } | { kind: "media"; mediaType: BotMediaKind; url: string };

/** A reply ready to store: its text, or a kept file. */
export interface PreparedReply {
  body: string;
  media?: OutgoingMedia;
}

const MB = 1024 * 1024;
/** WhatsApp's limits for what a bot may send (outbound-media.ts). */
const maxBytes: Record<BotMediaKind, number> = { image: 5 * MB, video: 16 * MB, audio: 16 * MB };

/** The extension a file of this type is kept under (one WhatsApp carries). */
const extensionByMimetype: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "video/mp4": ".mp4",
  "video/3gpp": ".3gp",
  "audio/mpeg": ".mp3",
  "audio/ogg": ".ogg",
  "audio/mp4": ".m4a",
  "audio/aac": ".aac",
  "audio/amr": ".amr",
};

function fileNameOf(url: URL, contentType: string): string | undefined {
  const named = path.basename(decodeURIComponent(url.pathname));
  if (mimetypeByName(named)) return named;
  const ext = extensionByMimetype[contentType.split(";")[0]!.trim().toLowerCase()];
  return ext ? `${path.basename(named, path.extname(named)) || "arquivo"}${ext}` : undefined;
}

/** The file at `url` in the company's media; undefined when it cannot be fetched or is no file WhatsApp takes. */
async function keepRemoteFile(ctx: Context, companyId: number, reply: Extract<BotReply, { kind: "media" }>) {
  const url = new URL(reply.url);
  const res = await outboundFetch(url, { maxBytes: maxBytes[reply.mediaType], timeoutMs: 15_000 });
  if (!res.ok) return undefined;
  const fileName = fileNameOf(url, res.headers.get("content-type") ?? "");
  const mimetype = fileName && mimetypeByName(fileName);
  if (!fileName || !mimetype || !mimetype.startsWith(`${reply.mediaType}/`)) return undefined;
  const received = await ctx.media.receive(Readable.from(res.bytes), maxBytes[reply.mediaType]);
  try {
    const kind = { extensions: [path.extname(fileName).toLowerCase()], maxBytes: maxBytes[reply.mediaType] };
    const stored = await ctx.media.keep(companyId, { ...received, filename: fileName }, kind);
    const media: OutgoingMedia = { mediaType: reply.mediaType, ...stored, mimetype, voiceNote: false };
    return media;
  } finally {
    await ctx.media.discard([received]);
  }
}

/**
 * Files fetched before the turn's transaction (a slow host must not hold the
 * ticket's lock); one that cannot be had goes as its link instead, so the
 * customer still gets it.
 */
export async function prepareReplies(ctx: Context, companyId: number, replies: BotReply[]): Promise<PreparedReply[]> {
  const prepared: PreparedReply[] = [];
  for (const reply of replies) {
    if (reply.kind === "text") {
      if (reply.text.trim()) prepared.push({ body: reply.text });
      continue;
    }
    const media = await keepRemoteFile(ctx, companyId, reply).catch((err: unknown) => {
      ctx.log.warn({ err, companyId, url: reply.url }, "integration media not fetched: sent as a link");
      return undefined;
    });
    prepared.push(media ? { body: media.mediaName, media } : { body: reply.url });
  }
  return prepared;
}

/** Files kept for a turn that did not commit (it runs again and keeps its own). */
export async function discardReplies(ctx: Context, replies: PreparedReply[]): Promise<void> {
  await Promise.all(replies.map((r) => ctx.media.remove(r.media?.mediaPath)));
}

/** Stores the replies without an author and queues their sending, `delayMs` apart. */
export async function queueReplies(
  t: EventTransaction,
  ticket: OutgoingTicket,
  replies: PreparedReply[],
  delayMs: number,
): Promise<void> {
  const ids: number[] = [];
  for (const reply of replies) {
    ids.push(await storeOutgoing(t, ticket, { body: reply.body, userId: null, media: reply.media, caption: "" }));
  }
  await queueSends(t, ticket, ids, delayMs);
}
