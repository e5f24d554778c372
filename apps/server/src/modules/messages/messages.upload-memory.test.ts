/**
 * Bounded memory under hostile uploads (issue 10 item 5): parallel uploads
 * far past the limits, sent over real HTTP to the running server (which
 * lives in this test's process, so its memory is this process's), are cut
 * off with ERR_FILE_TOO_LARGE while the server's memory stays within a
 * stated bound, nothing is kept, and another user is served meanwhile.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { mediaLimits } from "@balcao/contracts";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { peakGrowth } from "../../../test/memory.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { agentOnTicket, incomingFiles, pdfHead, streamUpload } from "../../../test/uploads.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const MB = 1024 * 1024;
const UPLOADS = 8;
const UPLOAD_BYTES = 300 * MB;
/**
 * What the server may grow by while 8 × 300 MB arrive: a small multiple of its stream buffers, far below
 * the 800 MB that holding each upload up to its 100 MB cap would take (two whole ones would pass both).
 * Chunks already read stay counted until the garbage collector runs, which a busy machine delays: under
 * CI's parallel test files, Node 24 measured 136 MB of buffers where a quiet run stays far below.
 */
const RSS_BOUND = 200 * MB;
const BUFFERS_BOUND = 192 * MB;

describe("parallel oversized uploads", () => {
  it(`${UPLOADS} uploads of 300 MB at once are cut off at the 100 MB cap within the memory bound; another user is served meanwhile`, async () => {
    const t = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id);
    const agents = await Promise.all(Array.from({ length: UPLOADS }, () => agentOnTicket(s, t.company.id, queue.id)));
    const ticketIds = agents.map((a) => a.ticket.id);
    let uploadsDone = 0;

    const { result, peak } = await peakGrowth(async () => {
      const uploads = agents.map((a) =>
        streamUpload(s, `/messages/${a.ticket.id}`, {
          token: a.token,
          filename: "enorme.pdf",
          mimetype: "application/pdf",
          head: pdfHead,
          size: UPLOAD_BYTES,
        }).finally(() => uploadsDone++),
      );
      // Another user of the company, served while the uploads arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const other = await fetch(`${s.url}/api/tickets?pageNumber=1&status=open&showAll=true`, {
        headers: { authorization: `Bearer ${t.admin.token}` },
      });
      const servedIn = Date.now() - started;
      const servedWhileUploading = uploadsDone < UPLOADS;
      return { answers: await Promise.all(uploads), other: other.status, servedIn, servedWhileUploading };
    });

    for (const answer of result.answers) {
      expect(answer.status).toBe(413);
      expect(answer.body.error).toBe("ERR_FILE_TOO_LARGE");
      // Cut off at the cap: the rest of the 300 MB was never read.
      expect(answer.sentBeforeAnswer).toBeLessThan(mediaLimits.fileMaxBytes + 50 * MB);
    }
    expect(result.other).toBe(200);
    expect(result.servedWhileUploading).toBe(true);
    expect(result.servedIn).toBeLessThan(2000);
    expect(peak.rss, `rss grew by ${Math.round(peak.rss / MB)} MB`).toBeLessThan(RSS_BOUND);
    expect(peak.arrayBuffers, `buffers grew by ${Math.round(peak.arrayBuffers / MB)} MB`).toBeLessThan(BUFFERS_BOUND);

    expect(await s.ctx.db.select().from(messages).where(inArray(messages.ticketId, ticketIds))).toEqual([]);
    expect(existsSync(path.join(s.ctx.media.root, String(t.company.id)))).toBe(false);
    expect(await incomingFiles(s)).toEqual([]);
  }, 120_000);
});
