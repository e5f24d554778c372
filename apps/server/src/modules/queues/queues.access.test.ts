/** Queues seen from outside: realtime events reach the company's sockets only, and another company can neither read nor change a queue. */
import type { QueueDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queues } from "../../db/schema/index.js";
import { buildQueue, buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { createQueue, queueBody, queuesOf } from "../../../test/queues.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started));

describe("realtime", () => {
  it("tells the company's sockets, and only them, of create, update and delete", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const channel = `company-${t.company.id}-queue`;
    const mine = await connectSocket(s, t.agent.token);
    const theirs = await connectSocket(s, other.agent.token);
    const leaked = record(theirs, channel);

    const created = nextEvent<{ action: string; queue: QueueDto }>(mine, channel);
    const queue = (await createQueue(s, t.admin.token)).json<QueueDto>();
    expect(await created).toEqual({ action: "create", queue });

    const updated = nextEvent<{ action: string; queue: QueueDto }>(mine, channel);
    await s.request({
      method: "PUT",
      path: `/queue/${queue.id}`,
      token: t.admin.token,
      body: queueBody({ name: "Outra" }),
    });
    expect(await updated).toMatchObject({ action: "update", queue: { id: queue.id, name: "Outra" } });

    const deleted = nextEvent(mine, channel);
    await s.request({ method: "DELETE", path: `/queue/${queue.id}`, token: t.admin.token });
    expect(await deleted).toEqual({ action: "delete", queueId: queue.id });

    await flush(s, theirs);
    expect(leaked).toEqual([]);
  });
});

describe("company isolation", () => {
  it("never shows or changes another company's queue", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id, { name: "Segredo da empresa", greetingMessage: "oi secreto" });
    const pair = { ownerToken: t.admin.token, otherToken: other.admin.token, secrets: ["Segredo da empresa"] };
    await expectListIsolation(s, { path: "/queue", ...pair });
    await expectCompanyIsolation(s, { request: { path: `/queue/${queue.id}` }, ...pair });
    const put = { method: "PUT" as const, path: `/queue/${queue.id}`, body: queueBody({ name: "Segredo da empresa" }) };
    await expectCompanyIsolation(s, { request: put, ...pair });
    await expectCompanyIsolation(s, { request: { method: "DELETE", path: `/queue/${queue.id}` }, ...pair });
    const [row] = await s.ctx.db.select().from(queues).where(eq(queues.id, queue.id));
    // The owner's own PUT and DELETE above ran; the other company's did nothing more.
    expect(row).toBeUndefined();
    expect(await queuesOf(s, other.company.id)).toEqual([]);
  });

  it("refuses another company's queue for the other company even after the owner's edits", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const queue = await buildQueue(s, t.company.id, { name: "Intocada" });
    for (const req of [
      { method: "PUT" as const, path: `/queue/${queue.id}`, body: queueBody({ name: "Invadida" }) },
      { method: "DELETE" as const, path: `/queue/${queue.id}` },
    ]) {
      const res = await s.request({ ...req, token: other.admin.token });
      expect(res.statusCode).toBe(404);
    }
    expect(await queuesOf(s, t.company.id)).toEqual([queue]);
  });
});
