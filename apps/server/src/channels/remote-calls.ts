/**
 * Sending through a WhatsApp Web session another process holds. Behind a
 * load balancer an agent's request lands on any process, but the session's
 * socket lives on one (lease.ts). The caller stores the call in
 * channel_calls (so a file of any size travels) and notifies; the holder
 * runs it on its driver, writes the outcome and notifies back.
 */
import type { ErrorCode } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { channelCalls } from "../db/schema/index.js";
import { AppError } from "../http/errors.js";
import {
  ChannelError,
  type ChannelSender,
  type OutboundMedia,
  type OutboundTarget,
  type OutboundText,
  type PhoneContact,
  type ReadMessage,
  type SentMessage,
} from "./driver.js";
import type { SessionLease } from "./lease.js";

/** Long enough for a large file to reach WhatsApp from the holder. */
const CALL_TIMEOUT_MS = 60_000;

type Operation = keyof ChannelSender;
interface StoredMedia extends Omit<OutboundMedia, "media"> {
  media: { mimetype: string; fileName: string; base64: string };
}

export class RemoteCalls {
  private readonly waiting = new Map<number, () => void>();

  constructor(
    private readonly db: Db,
    private readonly lease: SessionLease,
    /** This process's running driver of a connection. */
    private readonly local: (whatsappId: number) => ChannelSender | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  sender(whatsappId: number): ChannelSender {
    const call = <T>(operation: Operation, args: unknown[]) => this.call<T>(whatsappId, operation, args);
    return {
      sendText: (message: OutboundText) => call<SentMessage>("sendText", [message]),
      sendMedia: (message: OutboundMedia) => call<SentMessage>("sendMedia", [storedMedia(message)]),
      markRead: (target: OutboundTarget, messages: ReadMessage[]) => call<void>("markRead", [target, messages]),
      deleteMessage: (target: OutboundTarget, message: { wid: string; fromMe: boolean }) =>
        call<void>("deleteMessage", [target, message]),
      checkNumber: (number: string) => call<string | null>("checkNumber", [number]),
      phoneContacts: () => call<PhoneContact[]>("phoneContacts", []),
    };
  }

  /** The holder's side: runs a call another process stored, if the session is ours. */
  async serve(callId: number, whatsappId: number): Promise<void> {
    if (!this.lease.holds(whatsappId)) return;
    const [row] = await this.db.select().from(channelCalls).where(eq(channelCalls.id, callId));
    if (!row) return;
    const outcome = await this.run(whatsappId, row.operation as Operation, row.args as unknown[]).then(
      // Wrapped: a bare string would not round-trip through jsonb as a string.
      (result) => ({ result: { value: result ?? null }, error: null }),
      (err: unknown) => ({ result: null, error: errorOf(err) }),
    );
    await this.db.update(channelCalls).set(outcome).where(eq(channelCalls.id, callId));
    await this.lease.publish({ kind: "done", callId });
  }

  answered(callId: number): void {
    this.waiting.get(callId)?.();
  }

  private async call<T>(whatsappId: number, operation: Operation, args: unknown[]): Promise<T> {
    if (!(await this.lease.heldElsewhere(whatsappId))) {
      throw new ChannelError("ERR_WAPP_NOT_INITIALIZED", "no process holds this WhatsApp Web session");
    }
    const [row] = await this.db
      .insert(channelCalls)
      .values({ whatsappId, operation, args })
      .returning({ id: channelCalls.id });
    const callId = row!.id;
    try {
      await this.answer(callId, whatsappId);
      const [done] = await this.db.select().from(channelCalls).where(eq(channelCalls.id, callId));
      const error = done?.error as { code: ErrorCode; providerMessage: string } | null | undefined;
      if (error) throw new ChannelError(error.code, error.providerMessage);
      return (done?.result as { value: T } | null)?.value as T;
    } finally {
      await this.db.delete(channelCalls).where(eq(channelCalls.id, callId));
    }
  }

  private answer(callId: number, whatsappId: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(callId);
        reject(new ChannelError("ERR_WAPP_NOT_INITIALIZED", "the process holding the session did not answer"));
      }, CALL_TIMEOUT_MS);
      this.waiting.set(callId, () => {
        clearTimeout(timer);
        this.waiting.delete(callId);
        resolve();
      });
      this.lease.publish({ kind: "call", callId, whatsappId }).catch((err: unknown) => {
        clearTimeout(timer);
        this.waiting.delete(callId);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  private run(whatsappId: number, operation: Operation, args: unknown[]): Promise<unknown> {
    const driver = this.local(whatsappId);
    if (!driver) return Promise.reject(new AppError("ERR_WAPP_NOT_INITIALIZED"));
    this.log.debug({ whatsappId, operation }, "running a session call for another process");
    const [first, second] = args;
    switch (operation) {
      case "sendText":
        return driver.sendText(first as OutboundText);
      case "sendMedia":
        return driver.sendMedia(outboundMedia(first as StoredMedia));
      case "markRead":
        return driver.markRead(first as OutboundTarget, second as ReadMessage[]);
      case "deleteMessage":
        return driver.deleteMessage(first as OutboundTarget, second as { wid: string; fromMe: boolean });
      case "checkNumber":
        return driver.checkNumber(first as string);
      case "phoneContacts":
        return driver.phoneContacts();
    }
  }
}

function storedMedia(message: OutboundMedia): StoredMedia {
  const { data, ...file } = message.media;
  return { ...message, media: { ...file, base64: data.toString("base64") } };
}

function outboundMedia(stored: StoredMedia): OutboundMedia {
  const { base64, ...file } = stored.media;
  return { ...stored, media: { ...file, data: Buffer.from(base64, "base64") } };
}

function errorOf(err: unknown): { code: ErrorCode; providerMessage: string } {
  if (err instanceof ChannelError) return { code: err.code, providerMessage: err.providerMessage };
  if (err instanceof AppError) return { code: err.code, providerMessage: err.code };
  return { code: "ERR_SENDING_WAPP_MSG", providerMessage: (err as Error)?.message ?? String(err) };
}
