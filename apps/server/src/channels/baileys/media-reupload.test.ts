/**
 * The phone asked for a new upload may never answer (offline, the file
 * deleted): Baileys would wait for ever and hold the session's queue, so the
 * request gives up after REUPLOAD_TIMEOUT_MS and the message is kept without
 * its file.
 */
import type { UserFacingSocketConfig } from "@whiskeysockets/baileys";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterEach, expect, it, vi } from "vitest";
import { content, pnJid, waMessage } from "../../../test/baileys-messages.js";
import { FakeSocket, FakeWhatsAppWeb } from "../../../test/fake-baileys.js";
import { REUPLOAD_TIMEOUT_MS, reuploadingDownload } from "./media-reupload.js";

afterEach(() => vi.useRealTimers());

it("gives up on a phone that never answers the re-upload request", async () => {
  vi.useFakeTimers();
  const whatsappWeb = new FakeWhatsAppWeb();
  const socket = new FakeSocket({} as UserFacingSocketConfig);
  socket.updateMediaMessage = () => new Promise(() => {});
  const photo = waMessage({ chat: pnJid("5511944440010") }, content.image("sem resposta"));
  whatsappWeb.expired.add(photo.key.id!);
  const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;

  const download = reuploadingDownload(whatsappWeb, socket, log)(photo);
  const outcome = expect(download).rejects.toThrow(/no answer from the phone/);
  await vi.advanceTimersByTimeAsync(REUPLOAD_TIMEOUT_MS);
  await outcome;
  expect(whatsappWeb.downloads).toEqual([photo.key.id]);
});
