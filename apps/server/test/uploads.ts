/**
 * Multipart uploads over real HTTP, their file generated as it is sent (one
 * chunk written again and again), so a test can send hundreds of megabytes
 * without holding them, or stop part-way and wait: what a hostile or slow
 * client does. The answer is read as soon as the server gives it, even
 * while the body is still going.
 */
import { randomBytes } from "node:crypto";
import { request, type ClientRequest } from "node:http";
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
