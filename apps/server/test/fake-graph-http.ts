/** The HTTP plumbing of the fake Graph API: JSON answers, Graph's error shape, request bodies, media bytes. */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export const graphError = (res: ServerResponse, status: number, message: string, code: number) =>
  json(res, status, {
    error: {
      message,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details: message },
      fbtrace_id: randomBytes(6).toString("hex"),
    },
  });

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A media file's bytes: its data, then zeros up to servedSize, generated as
 * they are sent (with backpressure); `record.bytesSent` counts them until the
 * reader stops.
 */
export async function serveMedia(
  res: ServerResponse,
  file: { mimetype: string; data: Buffer; servedSize?: number },
  record: { bytesSent: number },
) {
  const size = file.servedSize ?? file.data.length;
  res.writeHead(200, { "content-type": file.mimetype, "content-length": size });
  const zeros = Buffer.alloc(64 * 1024);
  while (record.bytesSent < size && !res.destroyed) {
    const piece = record.bytesSent < file.data.length ? file.data.subarray(record.bytesSent) : zeros;
    const chunk = piece.subarray(0, Math.min(piece.length, size - record.bytesSent));
    record.bytesSent += chunk.length;
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}
