/**
 * A tiny SMTP server on 127.0.0.1 for tests: it speaks enough of RFC 5321
 * (EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT) for nodemailer to
 * deliver, and records every message. It never advertises STARTTLS or AUTH.
 */
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw DATA section (headers and body), dot-unstuffed, CRLF line ends. */
  raw: string;
}

export interface FakeSmtp {
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or next) sent to `to`. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const address = (arg: string) =>
  arg
    .replace(/^[^:]*:\s*/, "")
    .replace(/^<|>.*$/g, "")
    .trim();

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const sockets = new Set<Socket>();

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    for (const w of [...waiters]) {
      if (mail.to.includes(w.to)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(mail);
      }
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let inData = false;
    let data: string[] = [];
    let mail: { from: string; to: string[] } = { from: "", to: [] };

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const arg = line.slice(4).trim();
      switch (verb) {
        case "EHLO":
          reply("250-fake-smtp greets you");
          reply("250 8BITMIME");
          return;
        case "HELO":
          reply("250 fake-smtp");
          return;
        case "MAIL":
          mail = { from: address(arg), to: [] };
          reply("250 OK");
          return;
        case "RCPT":
          mail.to.push(address(arg));
          reply("250 OK");
          return;
        case "DATA":
          inData = true;
          data = [];
          reply("354 End data with <CR><LF>.<CR><LF>");
          return;
        case "RSET":
          mail = { from: "", to: [] };
          reply("250 OK");
          return;
        case "NOOP":
          reply("250 OK");
          return;
        case "QUIT":
          reply("221 Bye");
          socket.end();
          return;
        default:
          reply("502 Command not implemented");
      }
    };

    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (!inData) {
          command(line);
        } else if (line === ".") {
          inData = false;
          deliver({ ...mail, raw: data.join("\r\n") });
          reply("250 OK: queued");
        } else {
          data.push(line.startsWith("..") ? line.slice(1) : line);
        }
      }
    });
    reply("220 fake-smtp ESMTP ready");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    messages,
    waitFor(to, timeoutMs = 5000) {
      const found = messages.find((m) => m.to.includes(to));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The plain-text body of a received mail, decoded from quoted-printable or
 * base64 when the (single-part) message says so.
 */
export function mailText(mail: ReceivedMail): string {
  const split = mail.raw.indexOf("\r\n\r\n");
  const headers = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = mail.raw.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
