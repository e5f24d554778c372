/**
 * What one recipient receives, handed straight to the connection's driver:
 * campaign sends never go through tickets (no ticket opened or touched, no
 * message row, no bot). The main message is the campaign's media with the
 * text as its caption (an audio cannot carry one: the text, then the audio),
 * or the text alone; then each file of the file list as its own media.
 */
import { readFile } from "node:fs/promises";
import type { ChannelMedia, ChannelSender, OutboundTarget } from "../../channels/driver.js";
import type { Context } from "../../context.js";
import type { campaigns } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { findFileListWithOptions } from "../files/files.queries.js";
import { mimetypeByName } from "../messages/outbound-media.js";

type Campaign = typeof campaigns.$inferSelect;

export interface Attachments {
  /** The campaign's own media, sent with the message. */
  media?: ChannelMedia;
  /** The file list's files, each sent after the message. */
  files: ChannelMedia[];
}

/** A stored file's bytes, or undefined (logged) when it is gone: the text still goes. */
async function stored(ctx: Context, mediaPath: string, fileName: string, mimetype?: string | null) {
  try {
    const data = await readFile(ctx.media.resolve(mediaPath));
    return { data, fileName, mimetype: mimetype || mimetypeByName(fileName) || "application/octet-stream" };
  } catch (err) {
    ctx.log.warn({ err, mediaPath }, "campaign file missing: not sent");
    return undefined;
  }
}

/** Read once per run: every recipient gets the same files. */
export async function loadAttachments(ctx: Context, campaign: Campaign): Promise<Attachments> {
  const media = campaign.mediaPath
    ? await stored(ctx, campaign.mediaPath, campaign.mediaName || campaign.mediaPath)
    : undefined;
  const list =
    campaign.fileListId === null
      ? undefined
      : await findFileListWithOptions(ctx.db, campaign.companyId, campaign.fileListId);
  const files: ChannelMedia[] = [];
  for (const option of list?.options ?? []) {
    if (!option.path) continue;
    const file = await stored(ctx, option.path, option.mediaName || option.name || option.path, option.mediaType);
    if (file) files.push(file);
  }
  return { media, files };
}

const targetOf = (number: string): OutboundTarget => ({ chatNumber: number, userId: null, isGroup: false });

/** The provider's words when the driver gave them, else the code; never a stack. */
export function providerWords(err: unknown): string {
  const providerMessage = (err as { providerMessage?: unknown }).providerMessage;
  if (typeof providerMessage === "string" && providerMessage) return providerMessage.slice(0, 500);
  if (err instanceof AppError) return err.code;
  return "ERR_SENDING_WAPP_MSG";
}

export function sendText(sender: ChannelSender, number: string, body: string) {
  return sender.sendText({ ...targetOf(number), body });
}

export interface MainOutcome {
  /** The provider's id of the message itself. */
  wid: string;
  /** A file of the list WhatsApp refused after the message went: its words. */
  fileError?: string;
}

/** The message (throws when WhatsApp refuses it), then the list's files (a refusal noted, the rest still sent). */
export async function sendMain(
  sender: ChannelSender,
  number: string,
  body: string,
  attachments: Attachments,
): Promise<MainOutcome> {
  const target = targetOf(number);
  const { media } = attachments;
  let wid: string;
  if (!media) wid = (await sender.sendText({ ...target, body })).wid;
  else if (media.mimetype.startsWith("audio/")) {
    wid = (await sender.sendText({ ...target, body })).wid;
    await sender.sendMedia({ ...target, media, caption: "", voiceNote: media.mimetype === "audio/ogg" });
  } else wid = (await sender.sendMedia({ ...target, media, caption: body })).wid;
  let fileError: string | undefined;
  for (const file of attachments.files)
    await sender.sendMedia({ ...target, media: file, caption: "" }).catch((err: unknown) => {
      fileError ??= providerWords(err);
    });
  return { wid, ...(fileError ? { fileError } : {}) };
}
