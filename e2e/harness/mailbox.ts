/**
 * The fake SMTP server the Balcão server sends its mail to, plus a small local
 * HTTP endpoint through which the tests (in Playwright's worker processes) read
 * what arrived: GET /mails?to=<address>&count=<n> answers once at least n mails
 * to that address have arrived (or 404 after the wait), with their decoded text.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mailText, startFakeSmtp, type FakeSmtp } from "../../apps/server/test/fake-smtp.js";

export interface MailView {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  smtpPort: number;
  url: string;
  close(): Promise<void>;
}

const header = (raw: string, name: string) => {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1] ?? "";
};

function view(smtp: FakeSmtp, to: string): MailView[] {
  return smtp.messages
    .filter((m) => m.to.includes(to))
    .map((m) => ({ from: m.from, to: m.to, subject: header(m.raw, "subject"), text: mailText(m) }));
}

export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startFakeSmtp();
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const to = url.searchParams.get("to") ?? "";
    const count = Number(url.searchParams.get("count") ?? "1");
    const deadline = Date.now() + Number(url.searchParams.get("timeoutMs") ?? "10000");
    const answer = () => {
      const mails = view(smtp, to);
      if (mails.length >= count || Date.now() >= deadline) {
        res.writeHead(mails.length >= count ? 200 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify(mails));
        return;
      }
      setTimeout(answer, 50);
    };
    if (url.pathname !== "/mails" || !to) {
      res.writeHead(400).end();
      return;
    }
    answer();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpPort: smtp.port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
