/**
 * GET /inbound-rejections (issue 19): the inbound items no company could be
 * shown, listed for super users only. They are platform-level: a company's
 * admin cannot list them, not even those of the company's own connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboundRejections } from "../../db/schema/index.js";
import { buildCloudConnection, startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { buildTenant, login } from "../../../test/factories.js";
import { envelope, type FakeGraph } from "../../../test/fake-graph.js";
import { ADMIN, type TestServer } from "../../../test/harness.js";
import { rejectionsPageSize } from "./inbound-rejections.service.js";

let s: TestServer;
let fake: FakeGraph;
let superToken: string;

beforeAll(async () => {
  ({ s, fake } = await startCloudServer());
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
});
afterAll(() => stopCloudServer(s, fake));

interface Page {
  records: { companyId: number; companyName: string; whatsappName: string | null; reason: string; item: unknown }[];
  count: number;
  hasMore: boolean;
}
const list = (token: string, pageNumber = 1) =>
  s.request({ path: `/inbound-rejections?pageNumber=${pageNumber}`, token });

describe("GET /inbound-rejections", () => {
  it("lists what a connection's webhook could not read, newest first, for the super user", async () => {
    const tenant = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, tenant.company.id);
    const phoneNumberId = connection.cloudPhoneNumberId;
    const noId = { from: "5511999990000", type: "text", text: { body: "sem id" } };
    const value = { metadata: { phone_number_id: phoneNumberId }, messages: [noId] };
    expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status).toBe(200);

    const res = await list(superToken);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page.records[0]).toMatchObject({
      companyId: tenant.company.id,
      companyName: tenant.company.name,
      whatsappName: connection.name,
      provider: "cloud",
      item: noId,
      reason: expect.stringMatching(/^unreadable message: id: /),
    });
    expect(page.count).toBeGreaterThanOrEqual(1);
  });

  it("pages 20 at a time, saying hasMore while a further page exists", async () => {
    const tenant = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, tenant.company.id);
    await s.ctx.db.insert(inboundRejections).values(
      Array.from({ length: rejectionsPageSize + 1 }, (_, n) => ({
        companyId: tenant.company.id,
        whatsappId: connection.id,
        provider: "cloud",
        item: { n },
        fingerprint: `paging-${connection.id}-${n}`,
        reason: "test",
      })),
    );
    const first = (await list(superToken)).json<Page>();
    expect(first.records).toHaveLength(rejectionsPageSize);
    expect(first.hasMore).toBe(true);
    const lastPage = Math.ceil(first.count / rejectionsPageSize);
    const last = (await list(superToken, lastPage)).json<Page>();
    expect(last.hasMore).toBe(false);
    expect(last.records.length).toBe(first.count - (lastPage - 1) * rejectionsPageSize);
  });

  it("refuses a company's admin and agent (403), even for their own connection's items", async () => {
    const tenant = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, tenant.company.id);
    await s.ctx.db.insert(inboundRejections).values({
      companyId: tenant.company.id,
      whatsappId: connection.id,
      provider: "cloud",
      item: {},
      fingerprint: `own-${connection.id}`,
      reason: "test",
    });
    for (const token of [tenant.admin.token, tenant.agent.token]) {
      const res = await list(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    expect((await s.request({ path: "/inbound-rejections" })).statusCode).toBe(401);
    const badPage = await list(superToken, 0);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});
