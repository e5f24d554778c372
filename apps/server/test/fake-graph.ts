/**
 * A small WhatsApp Cloud API (Graph API) on 127.0.0.1 that our server talks
 * to in tests and the end-to-end run: it checks the bearer token, records what
 * was sent and uploaded, serves media, and plays the customer by posting
 * signed webhooks to our server.
 *
 * Graph side (under `url`, e.g. http://127.0.0.1:PORT/v21.0):
 *   GET  /{phone-number-id}            → {display_phone_number, verified_name, id}
 *   POST /{phone-number-id}/messages   → {messaging_product, contacts, messages: [{id: "wamid.…"}]}
 *                                        (or {success: true} for a read receipt)
 *   POST /{phone-number-id}/media      multipart (messaging_product, type, file) → {id}
 *   GET  /{media-id}                   → {url, mime_type, sha256, file_size, id}
 *   GET  {that url}                    the bytes, with the owner number's bearer only (a test may make
 *                                        Meta declare another file_size, serve more bytes than it has,
 *                                        or answer the next download 503)
 * A number is known once added (addNumber) or, when not added, from the first
 * call that names it, with that call's token; a wrong token answers Graph's 190.
 *
 * Its control side, for other processes, is in fake-graph-control.ts.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { control } from "./fake-graph-control.js";
import { graphError, json, readBody, serveMedia } from "./fake-graph-http.js";
import {
  customerValue,
  envelope,
  newWamid,
  sign,
  statusValue,
  type StatusName,
  type StoredFakeMedia,
} from "./fake-graph-payloads.js";
import type { Delivery, DownloadRecord, FakeGraph, FakeNumber, SentRecord, UploadRecord } from "./fake-graph-types.js";

export * from "./fake-graph-payloads.js";

export type * from "./fake-graph-types.js";

interface Subscription {
  webhookUrl: string;
  appSecret: string;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const numbers = new Map<string, FakeNumber>();
  const subscriptions = new Map<string, Subscription>();
  const media = new Map<string, StoredFakeMedia & { owner: string }>();
  const sent: SentRecord[] = [];
  const reads: SentRecord[] = [];
  const uploads: UploadRecord[] = [];
  const downloads: DownloadRecord[] = [];
  const failures: { message: string; code: number }[] = [];
  let origin = "";
  let down = false;
  let failingDownloads = 0;
  let earlyStatuses: StatusName[] = [];
  /** While set, sends are recorded and their answers wait for it. */
  let hold: Promise<void> | undefined;
  let releaseHold = () => {};

  const storeMedia = (owner: string) => (file: StoredFakeMedia) => {
    const id = String(10 ** 15 + Math.floor(Math.random() * 9 * 10 ** 14));
    media.set(id, { ...file, owner });
    return id;
  };

  /** The number a call names, if the bearer is its token (a number never seen takes the first token). */
  const authorised = (req: IncomingMessage, phoneNumberId: string): FakeNumber | undefined => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return undefined;
    const known = numbers.get(phoneNumberId) ?? { phoneNumberId, accessToken: token };
    known.accessToken ??= token;
    numbers.set(phoneNumberId, known);
    return known.accessToken === token ? known : undefined;
  };

  const subscriptionOf = (phoneNumberId?: string): [string, Subscription] => {
    const id = phoneNumberId ?? (subscriptions.size === 1 ? [...subscriptions.keys()][0] : undefined);
    const sub = id ? subscriptions.get(id) : undefined;
    if (!id || !sub) throw new Error(`no webhook subscribed for phone number ${phoneNumberId ?? "(unnamed)"}`);
    return [id, sub];
  };

  async function deliver(
    payload: unknown,
    opts: { phoneNumberId?: string; signature?: string | null; rawBody?: string } = {},
  ): Promise<Delivery> {
    const [, sub] = subscriptionOf(opts.phoneNumberId);
    const body = opts.rawBody ?? JSON.stringify(payload);
    const signature = opts.signature === undefined ? sign(body, sub.appSecret) : opts.signature;
    const res = await fetch(sub.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "x-hub-signature-256": signature }),
      },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  const api: FakeGraph = {
    url: "",
    origin: "",
    sent,
    reads,
    uploads,
    downloads,
    // Merges: a test may first pin a display number, then build the connection that names it.
    addNumber: (n) => void numbers.set(n.phoneNumberId, { ...numbers.get(n.phoneNumberId), ...n }),
    async subscribe({ phoneNumberId, webhookUrl, appSecret, verifyToken }) {
      subscriptions.set(phoneNumberId, { webhookUrl, appSecret });
      if (verifyToken === undefined) return {};
      const challenge = randomBytes(8).toString("hex");
      const url = `${webhookUrl}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=${challenge}`;
      const res = await fetch(url);
      return { verified: res.status === 200 && (await res.text()) === challenge };
    },
    customerValue(m) {
      const [phoneNumberId] = subscriptionOf(m.phoneNumberId);
      return customerValue(phoneNumberId, m, storeMedia(phoneNumberId));
    },
    async customerMessage(m) {
      const { value, wid } = api.customerValue(m);
      return { ...(await deliver(envelope([[value]]), { phoneNumberId: m.phoneNumberId })), wid };
    },
    status({ wid, status, error, phoneNumberId: named }) {
      const record = sent.find((s) => s.id === wid);
      const phoneNumberId = named ?? record?.phoneNumberId ?? subscriptionOf()[0];
      const recipient = { recipient: record?.to, recipientUserId: record?.recipient };
      return deliver(envelope([[statusValue(phoneNumberId, { wid, status, ...recipient, error })]]), {
        phoneNumberId,
      });
    },
    webhook: deliver,
    statusesBeforeNextAnswer: (statuses) => void (earlyStatuses = statuses),
    failNextSend: (error = {}) =>
      void failures.push({ message: error.message ?? "(#131026) Message undeliverable", code: error.code ?? 131026 }),
    outage: (isDown) => void (down = isDown),
    holdSends() {
      hold ??= new Promise<void>((resolve) => (releaseHold = resolve));
    },
    releaseSends() {
      releaseHold();
      hold = undefined;
    },
    failNextDownload: () => void failingDownloads++,
    async waitForSent(count = 1, to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = sent.filter((s) => !to || s.to === to || s.recipient === to);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) throw new Error(`the fake Graph API got ${matching.length} of ${count} sends`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function graph(req: IncomingMessage, res: ServerResponse, parts: string[]) {
    const [first, second] = parts;
    if (!first) return graphError(res, 400, "Unknown path components", 2500);
    if (req.method === "GET" && !second && media.has(first)) {
      const file = media.get(first)!;
      if (!authorised(req, file.owner)) return graphError(res, 401, "Invalid OAuth access token.", 190);
      return json(res, 200, {
        messaging_product: "whatsapp",
        url: `${origin}/_media/${first}`,
        mime_type: file.mimetype,
        sha256: "",
        file_size: file.declaredSize ?? file.servedSize ?? file.data.length,
        id: first,
      });
    }
    const number = authorised(req, first);
    if (!number) return graphError(res, 401, "Invalid OAuth access token.", 190);
    if (req.method === "GET" && !second) {
      const display = number.displayPhoneNumber ?? `+1 555${first.replace(/\D/g, "").slice(-7).padStart(7, "0")}`;
      return json(res, 200, {
        display_phone_number: display,
        verified_name: number.verifiedName ?? "Balcão Test",
        id: first,
      });
    }
    if (req.method === "POST" && second === "media") {
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: new Uint8Array(await readBody(req)),
      }).formData();
      const file = form.get("file");
      if (form.get("messaging_product") !== "whatsapp" || !(file instanceof File))
        return graphError(res, 400, "file and messaging_product are required", 100);
      const data = Buffer.from(await file.arrayBuffer());
      const type = form.get("type");
      const mimetype = typeof type === "string" ? type : file.type;
      const id = storeMedia(first)({ mimetype, data });
      uploads.push({ id, phoneNumberId: first, mimetype, data, fileName: file.name });
      return json(res, 200, { id });
    }
    if (req.method === "POST" && second === "messages") {
      const body = JSON.parse((await readBody(req)).toString("utf8")) as Record<string, unknown>;
      if (body.messaging_product !== "whatsapp") return graphError(res, 400, "messaging_product is required", 100);
      if (body.status === "read") {
        reads.push({ phoneNumberId: first, id: "", to: "", body });
        return json(res, 200, { success: true });
      }
      const failure = failures.shift();
      if (failure) return graphError(res, 400, failure.message, failure.code);
      const type = String(body.type);
      const content = body[type] as { id?: string } | undefined;
      if (!content) return graphError(res, 400, `the ${type} object is required`, 100);
      if (content.id && !media.has(content.id)) return graphError(res, 400, "Media id not found", 131053);
      // Meta's "Business-scoped user IDs": `to` a number, or `recipient` a BSUID; `to` wins when both are given.
      const to = typeof body.to === "string" ? body.to : "";
      const recipient = !to && typeof body.recipient === "string" ? body.recipient : "";
      if (!to && !recipient) return graphError(res, 400, "The parameter to or recipient is required.", 100);
      const record = { phoneNumberId: first, id: newWamid(), to, ...(recipient ? { recipient } : {}), body };
      sent.push(record);
      if (hold) await hold;
      const early = earlyStatuses.splice(0);
      for (const status of early) await api.status({ wid: record.id, status });
      return json(res, 200, {
        messaging_product: "whatsapp",
        contacts: [to ? { input: to, wa_id: to } : { input: recipient, user_id: recipient }],
        messages: [{ id: record.id }],
      });
    }
    return graphError(res, 400, "Unsupported request", 100);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handle = async () => {
      if (url.pathname.startsWith("/_control/")) return control(api, req, res, url);
      if (down) return graphError(res, 503, "Service temporarily unavailable", 2);
      const download = /^\/_media\/(\w+)$/.exec(url.pathname);
      if (download) {
        const file = media.get(download[1]!);
        if (!file) return graphError(res, 404, "Media not found", 100);
        if (!authorised(req, file.owner)) return graphError(res, 401, "Invalid OAuth access token.", 190);
        if (failingDownloads > 0) {
          failingDownloads--;
          return graphError(res, 503, "Service temporarily unavailable", 2);
        }
        const record = { mediaId: download[1]!, bytesSent: 0 };
        downloads.push(record);
        return serveMedia(res, file, record);
      }
      const graphPath = /^\/v\d+\.\d+\/(.*)$/.exec(url.pathname);
      if (!graphPath) return graphError(res, 404, "Unknown path", 100);
      return graph(req, res, graphPath[1]!.split("/").filter(Boolean).map(decodeURIComponent));
    };
    handle().catch((err: Error) => {
      if (!res.headersSent) json(res, 500, { error: { message: err.message } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  api.origin = origin;
  api.url = `${origin}/v21.0`;
  return api;
}
