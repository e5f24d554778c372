/**
 * Multipart uploads over real HTTP, their file generated as it is sent (one
 * chunk written again and again), so a test can send hundreds of megabytes
 * without holding them, or stop part-way and wait: what a hostile or slow
 * client does. The answer is read as soon as the server gives it, even
 * while the body is still going.
 */
import { randomBytes } from "node:crypto";
import { request, type ClientRequest } from "node:http";
import { connect } from "node:net";
import { readdir } from "node:fs/promises";
import { buildContact, buildTicket } from "./conversations.js";
import { buildUser, login } from "./factories.js";
import type { TestServer } from "./harness.js";

export interface StreamedUpload {
  status: number;
  body: { error?: string } & Record<string, unknown>;
  /** Bytes of the body written before the answer came. */
  sentBeforeAnswer: number;
  /** Whether the whole body was written. */
  complete: boolean;
}

export interface StreamOptions {
  token: string;
  /** The file field; "medias" unless given. */
  field?: string;
  filename: string;
  mimetype?: string;
  /** The file's first bytes (a signature); the rest are zeros. */
  head: Buffer;
  /** The file's size in bytes. */
  size: number;
  /** Text fields sent before the file. */
  fields?: [string, string][];
  /** Stop writing after this many bytes of the body and wait for the answer (the body never ends). */
  stallAfter?: number;
  /** Aborts the request (a client that gives up). */
  signal?: AbortSignal;
  /** Declares the body's length (chunked otherwise, so the server cannot refuse it by its length). */
  contentLength?: number;
}

const CHUNK = 64 * 1024;
const MB_CHUNKS = 16 * CHUNK;
const zeros = Buffer.alloc(CHUNK);

function written(req: ClientRequest, data: Buffer, answered: () => boolean): Promise<void> {
  if (req.write(data) || answered()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearInterval(poll);
      resolve();
    };
    req.once("drain", done);
    // A server that answered stops reading: no drain ever comes.
    const poll = setInterval(() => answered() && done(), 20);
  });
}

/** POSTs the form to `${s.url}/api${path}` with chunked encoding (no length for the server to refuse early). */
export function streamUpload(s: TestServer, path: string, opts: StreamOptions): Promise<StreamedUpload> {
  const boundary = `----balcao${randomBytes(8).toString("hex")}`;
  const fields = (opts.fields ?? [])
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const preamble = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? "medias"}"; ` +
      `filename="${opts.filename}"\r\nContent-Type: ${opts.mimetype ?? "application/octet-stream"}\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: Omit<StreamedUpload, "complete"> | undefined;
    let complete = false;
    const req = request(`${s.url}/api${path}`, {
      method: "POST",
      signal: opts.signal,
      headers: {
        authorization: `Bearer ${opts.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...(opts.contentLength ? { "content-length": String(opts.contentLength) } : {}),
      },
    });
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      answer = { status, body: {}, sentBeforeAnswer: sent };
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ ...answer!, body: text ? (JSON.parse(text) as StreamedUpload["body"]) : {}, complete });
        req.destroy();
      });
    });
    // Writing on after the server answered and closed is expected to fail; only an error without an answer counts.
    req.on("error", (err) => answer || reject(err));
    const send = async () => {
      const stallAt = opts.stallAfter ?? Infinity;
      const write = async (data: Buffer) => {
        await written(req, data, () => answer !== undefined);
        sent += data.length;
      };
      await write(preamble);
      let fileSent = 0;
      while (fileSent < opts.size && !answer && sent < stallAt) {
        const piece = fileSent === 0 ? Buffer.concat([opts.head, zeros]).subarray(0, CHUNK) : zeros;
        const data = piece.subarray(0, Math.min(CHUNK, opts.size - fileSent));
        await write(data);
        fileSent += data.length;
      }
      if (answer || sent >= stallAt) return;
      await write(closing);
      complete = true;
      req.end();
    };
    send().catch((err: unknown) => answer || reject(err as Error));
  });
}

/**
 * A raw HTTP client that starts a chunked multipart upload and does not read
 * the answer until asked: a client busy sending, as a browser uploading a
 * large file is. Lets a test see whether the server resets the connection
 * under it.
 */
export async function slowReader(s: TestServer, path: string, token: string) {
  const { hostname, port } = new URL(s.url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  socket.pause();
  let error: Error | undefined;
  socket.on("error", (err) => (error = err));
  const boundary = "----balcaoslow";
  const chunk = (data: Buffer) =>
    Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  socket.write(
    chunk(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      ),
    ),
  );
  return {
    /** Writes `bytes` more of the file; the error the socket met meanwhile, if any. */
    async sendMore(bytes: number): Promise<{ error?: Error }> {
      for (let sent = 0; sent < bytes && !error; sent += CHUNK) {
        if (!socket.write(chunk(zeros))) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { error };
    },
    /** Sends on until the socket fails or `ms` pass; the milliseconds it took. */
    async sendUntilClosed(ms: number): Promise<number> {
      const started = Date.now();
      while (!error && Date.now() - started < ms) await this.sendMore(MB_CHUNKS);
      return Date.now() - started;
    },
    /** Everything the server sent, read now; the socket is closed after. */
    async readAnswer(): Promise<string> {
      const chunks: Buffer[] = [];
      socket.on("data", (data: Buffer) => chunks.push(data));
      socket.resume();
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}

/** Files waiting in the server's incoming folder (none once every upload is done). */
export async function incomingFiles(s: TestServer): Promise<string[]> {
  return readdir(s.ctx.media.incoming).catch(() => []);
}

/** A signed-in agent of the queue holding an open ticket of a new contact (no connection: a test of refusals). */
export async function agentOnTicket(s: TestServer, companyId: number, queueId: number) {
  const agent = await buildUser(s, { companyId, queueIds: [queueId] });
  const contact = await buildContact(s, companyId);
  const ticket = await buildTicket(s, { companyId, contactId: contact.id, queueId, status: "open", userId: agent.id });
  return { agent, token: (await login(s, agent.email)).token, ticket };
}

/** A PDF's first bytes: the signature its kind is checked by. */
export const pdfHead = Buffer.from("%PDF-1.4\n");
