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
import { FakeWhatsAppWeb } from "../../apps/server/test/fake-baileys.js";
import { phoneBook } from "./phone-book.js";

const whatsappWeb = new FakeWhatsAppWeb();
const scripts: Record<string, (id: number) => void> = {
  qr: (id) => whatsappWeb.latestOf(id)?.showQr(),
  scan: (id) => whatsappWeb.latestOf(id)?.scan("5511987654321"),
  open: (id) => whatsappWeb.latestOf(id)?.open(),
  contacts: (id) => whatsappWeb.latestOf(id)?.emit("contacts.upsert", phoneBook),
};

const control = createServer((req, res) => {
  const [, action, id] = req.url?.split("/") ?? [];
  const script = scripts[action ?? ""];
  const socket = whatsappWeb.latestOf(Number(id));
  if (req.method !== "POST" || !script || !socket) {
    res.writeHead(404).end();
    return;
  }
  script(Number(id));
  res.writeHead(204).end();
});
control.listen(Number(process.env.E2E_WHATSAPP_WEB_CONTROL_PORT), "127.0.0.1");
control.unref();

await runServer({ makeBaileysSocket: whatsappWeb.factory });
