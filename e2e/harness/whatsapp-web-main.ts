/**
 * The e2e server: the real server (as `npm start` runs it) whose WhatsApp Web
 * sockets are the scripted ones of apps/server/test/fake-baileys.ts. WhatsApp
 * pins its server certificate, so no local server can play WhatsApp Web on
 * the wire; a small control API lets a spec play the phone instead:
 *   POST /qr/{whatsappId}    WhatsApp sends a QR code
 *   POST /scan/{whatsappId}  the phone scans it (PAIRING, then WhatsApp's restart)
 *   POST /open/{whatsappId}  the new socket opens (CONNECTED)
 *   POST /contacts/{whatsappId}  the phone shares its saved contacts (harness/phone-book.ts)
 *   POST /message/{whatsappId}   a customer writes: {number, name, text} (and is known to number checks)
 *   POST /raw/{whatsappId}       any message in Baileys' own shape: a WebMessageInfo as JSON (protobuf
 *                                JSON, bytes in base64; the key's LID alternatives beside its fields)
 *   GET  /sent/{whatsappId}      what the connection sent: [{jid, text}] or [{jid, kind}] for other content
 */
import { createServer, type IncomingMessage } from "node:http";
import { runServer } from "../../apps/server/src/run.js";
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import { content, pnJid, waMessage } from "../../apps/server/test/baileys-messages.js";
import { FakeWhatsAppWeb, type FakeSocket, type SentPayload } from "../../apps/server/test/fake-baileys.js";
import { phoneBook } from "./phone-book.js";
import type { CustomerMessage, SentRecord } from "./phone.js";

const whatsappWeb = new FakeWhatsAppWeb();

/** Sockets open in the background after a save or a restart: wait (briefly) for the n-th one. */
async function socketNumber(id: number, n: number): Promise<FakeSocket | undefined> {
  const deadline = Date.now() + 5_000;
  while (whatsappWeb.socketsOf(id).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return whatsappWeb.socketsOf(id)[n - 1];
}
/**
 * The phone talks to the connection's open socket; one a restart, "new QR" or
 * "try again" is still opening in the background is waited for (briefly).
 */
async function latest(id: number): Promise<FakeSocket | undefined> {
  const deadline = Date.now() + 5_000;
  while (!whatsappWeb.openOf(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return whatsappWeb.openOf(id);
}

interface Answer {
  status: number;
  json?: unknown;
}
/** A control request: the connection's id and the request's JSON body (if any). */
type Route = (id: number, body: unknown) => Promise<Answer>;

const done = (ok: boolean): Answer => ({ status: ok ? 204 : 404 });

/** Runs a step on the connection's newest socket; 404 when it has none. */
const onLatest =
  (step: (socket: FakeSocket, body: unknown) => void): Route =>
  async (id, body) => {
    const socket = await latest(id);
    if (socket) step(socket, body);
    return done(Boolean(socket));
  };

/** A text as the spec reads it; other content by its kind ("delete", "image", …). */
const sentRecord = ({ jid, content: sent }: SentPayload): SentRecord =>
  "text" in sent ? { jid, text: sent.text } : { jid, kind: Object.keys(sent)[0] };

const routes: Record<string, Route> = {
  "POST qr": onLatest((socket) => socket.showQr()),
  /** Answers once the socket WhatsApp's restart asks for exists, so "open" finds it. */
  "POST scan": async (id) => {
    const socket = await latest(id);
    if (!socket) return done(false);
    const count = whatsappWeb.socketsOf(id).length;
    socket.scan("5511987654321");
    return done(Boolean(await socketNumber(id, count + 1)));
  },
  "POST open": onLatest((socket) => socket.open()),
  "POST contacts": onLatest((socket) => socket.emit("contacts.upsert", phoneBook)),
  "POST message": onLatest((socket, body) => {
    const { number, name, text } = body as CustomerMessage;
    // Whoever writes is on WhatsApp: number checks (new tickets, the external API) find them.
    socket.registered.set(number, true);
    socket.messages([waMessage({ chat: pnJid(number), pushName: name }, content.text(text))]);
  }),
  "POST raw": onLatest((socket, body) => {
    const json = body as { key: WAMessage["key"] };
    // fromObject rebuilds the protobuf fields; the LID alternatives (no protobuf fields) are kept from the JSON.
    const message = proto.WebMessageInfo.fromObject(json) as WAMessage;
    message.key = { ...message.key, ...json.key };
    socket.messages([message]);
  }),
  "GET sent": async (id) => ({
    status: 200,
    json: whatsappWeb.socketsOf(id).flatMap((socket) => socket.sent.map(sentRecord)),
  }),
};

/** Whole before decoding: a chunk may end inside a multi-byte character ("orçamento"). */
async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  return raw ? JSON.parse(raw) : undefined;
}

const control = createServer((req, res) => {
  const [, action, id] = req.url?.split("/") ?? [];
  const route = routes[`${req.method} ${action}`];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  void jsonBody(req)
    .then((body) => route(Number(id), body))
    .then(({ status, json }) =>
      json === undefined
        ? res.writeHead(status).end()
        : res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json)),
    )
    // A body that is not JSON, or a step that threw (say, a message Baileys' proto refuses).
    .catch(() => res.writeHead(400).end());
});
control.listen(Number(process.env.E2E_WHATSAPP_WEB_CONTROL_PORT), "127.0.0.1");
control.unref();

await runServer({ whatsappWeb });
