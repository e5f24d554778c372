/**
 * One socket cannot starve the database (issue 29 item 4): an agent's socket,
 * in a client process of its own, sends 20,000 userStatus events at once. Its
 * events beyond the per-socket rate are refused with ERR_TOO_MANY_REQUESTS
 * and, as it goes on, it is dropped; presence is written at most once per
 * user per interval; meanwhile another company's ticket list, over real HTTP,
 * stays within a small multiple of its time before the flood (and under a
 * second at worst), the server's heap grows little, and the user's status
 * ends right.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/index.js";
import { buildContact, buildTicket } from "../../test/conversations.js";
import { buildTenant } from "../../test/factories.js";
import type { TestServer } from "../../test/harness.js";
import { peakGrowth } from "../../test/memory.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { floodFromOutside, until } from "../../test/sockets.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const FLOOD = 20_000;
const MB = 1024 * 1024;

const isOnline = async (id: number) =>
  (await s.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, id)))[0]?.online;

/** Another company's admin reading its open tickets: milliseconds to the whole answer. */
async function ticketListReader() {
  const t = await buildTenant(s);
  for (let i = 0; i < 5; i++) {
    const contact = await buildContact(s, t.company.id);
    await buildTicket(s, { companyId: t.company.id, contactId: contact.id, status: "open" });
  }
  return async () => {
    const started = performance.now();
    const res = await fetch(`${s.url}/api/tickets?pageNumber=1&status=open&showAll=true`, {
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()) as { tickets: unknown[] }).toMatchObject({ tickets: { length: 5 } });
    return performance.now() - started;
  };
}

describe("a socket flooding the server with events", () => {
  it(`${FLOOD} userStatus at once: refused, then dropped; another company's tickets stay fast; the status ends right`, async () => {
    const readTickets = await ticketListReader();
    const flooder = await buildTenant(s);
    let baseline = 0;
    for (let i = 0; i < 5; i++) baseline = Math.max(baseline, await readTickets());

    const { result, peak } = await peakGrowth(async () => {
      let over = false;
      const flood = floodFromOutside(s, flooder.agent.token, "userStatus", FLOOD).finally(() => (over = true));
      await until(async () => (await isOnline(flooder.agent.id)) === true, 10_000);
      // Read, one after another, for as long as the flood lasts.
      let slowest = 0;
      do slowest = Math.max(slowest, await readTickets());
      while (!over);
      return { slowest, flood: await flood };
    });

    const figures = `tickets: ${baseline.toFixed(0)} ms before, ${result.slowest.toFixed(0)} ms during; heap +${(peak.heapUsed / MB).toFixed(0)} MB, rss +${(peak.rss / MB).toFixed(0)} MB`;
    expect(result.slowest, figures).toBeLessThan(Math.max(5 * baseline, 1000));
    expect(result.flood.answers.length, figures).toBeGreaterThan(0);
    expect(new Set(result.flood.answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ error: "ERR_TOO_MANY_REQUESTS" })]),
    );
    expect(result.flood.reason).toBe("io server disconnect");
    expect(peak.heapUsed, figures).toBeLessThan(50 * MB);
    // Its only socket is gone: offline, however many reports came before.
    await until(async () => (await isOnline(flooder.agent.id)) === false, 10_000);
  }, 120_000);
});
