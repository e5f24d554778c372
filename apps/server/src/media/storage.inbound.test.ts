/**
 * A customer's media is never refused for storage (issue 29 item 9): a company whose plan has no
 * room left still keeps what its customers send, counted in its storage, and the unused-media
 * sweep keeps it while its message holds it.
 */
import type { CompanyDto } from "@balcao/contracts";
import { eq, sql } from "drizzle-orm";
import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mediaFiles, messages, plans } from "../db/schema/index.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../test/cloud-connection.js";
import { buildTenant } from "../../test/factories.js";
import type { FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { removeUnusedMedia } from "./unused-media.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => ({ s, fake } = await startCloudServer()));
afterAll(() => stopCloudServer(s, fake));

const pdf = Buffer.from("%PDF-1.4\n% the customer's receipt\n");

describe("a customer's media on a full storage", () => {
  it("is kept and counted, and stays past a day while its message holds it", async () => {
    const t = await buildTenant(s);
    await s.ctx.db.update(plans).set({ storageMb: 0 }).where(eq(plans.id, t.company.planId!));
    const connection = await buildCloudConnection(s, fake, t.company.id);
    const delivery = await fake.customerMessage({
      phoneNumberId: connection.cloudPhoneNumberId,
      from: `55219${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      document: { data: pdf, filename: "recibo.pdf", caption: "o recibo" },
    });
    expect(delivery.status, delivery.body).toBe(200);
    const mediaPath = await vi.waitFor(
      async () => {
        const [row] = await s.ctx.db.select().from(messages).where(eq(messages.wid, delivery.wid!));
        if (!row?.mediaPath) throw new Error("media not stored yet");
        return row.mediaPath;
      },
      { timeout: 15_000, interval: 50 },
    );
    const company = (
      await s.request({ path: `/companies/listPlan/${t.company.id}`, token: t.admin.token })
    ).json<CompanyDto>();
    expect(company.storageUsedBytes).toBe(pdf.length);

    await s.ctx.db
      .update(mediaFiles)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(mediaFiles.path, mediaPath));
    await removeUnusedMedia(s.ctx);
    await expect(access(s.ctx.media.resolve(mediaPath))).resolves.toBeUndefined();
  });
});
