/**
 * The e2e server: the real server (as `npm start` runs it) whose WhatsApp Web
 * sockets are the scripted ones of apps/server/test/fake-baileys.ts. WhatsApp
 * pins its server certificate, so no local server can play WhatsApp Web on
 * the wire; a small control API lets a spec play the phone instead:
 *   POST /qr/{whatsappId}    WhatsApp sends a QR code
 *   POST /scan/{whatsappId}  the phone scans it (PAIRING, then WhatsApp's restart)
 *   POST /open/{whatsappId}  the new socket opens (CONNECTED)
 *   POST /contacts/{whatsappId}  the phone shares its saved contacts (harness/phone-book.ts)
 */
import { createServer } from "node:http";
import { runServer } from "../../apps/server/src/run.js";
import { FakeWhatsAppWeb, type FakeSocket } from "../../apps/server/test/fake-baileys.js";
import { phoneBook } from "./phone-book.js";

const whatsappWeb = new FakeWhatsAppWeb();

/** Sockets open in the background after a save or a restart: wait (briefly) for the n-th one. */
async function socketNumber(id: number, n: number): Promise<FakeSocket | undefined> {
  const deadline = Date.now() + 5_000;
  while (whatsappWeb.socketsOf(id).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return whatsappWeb.socketsOf(id)[n - 1];
}
const latest = (id: number) => socketNumber(id, Math.max(1, whatsappWeb.socketsOf(id).length));

/** Runs a step on the connection's newest socket; false when it has none. */
const onLatest = (step: (socket: FakeSocket) => void) => async (id: number) => {
  const socket = await latest(id);
  if (socket) step(socket);
  return Boolean(socket);
};

const scripts: Record<string, (id: number) => Promise<boolean>> = {
  qr: onLatest((socket) => socket.showQr()),
  /** Answers once the socket WhatsApp's restart asks for exists, so "open" finds it. */
  scan: async (id) => {
    const socket = await latest(id);
    if (!socket) return false;
    const count = whatsappWeb.socketsOf(id).length;
    socket.scan("5511987654321");
    return Boolean(await socketNumber(id, count + 1));
  },
  open: onLatest((socket) => socket.open()),
  contacts: onLatest((socket) => socket.emit("contacts.upsert", phoneBook)),
};

const control = createServer((req, res) => {
  const [, action, id] = req.url?.split("/") ?? [];
  const script = scripts[action ?? ""];
  if (req.method !== "POST" || !script) {
    res.writeHead(404).end();
    return;
  }
  void script(Number(id)).then((done) => res.writeHead(done ? 204 : 404).end());
});
control.listen(Number(process.env.E2E_WHATSAPP_WEB_CONTROL_PORT), "127.0.0.1");
control.unref();

await runServer({ whatsappWeb });
