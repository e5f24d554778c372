/**
 * Ratings as a customer and an attendant meet them (issue 11 item 5): the
 * attendant resolves, the customer gets the completion message and the
 * question through WhatsApp (the fake Graph API), answers through Meta's
 * signed webhook, and the rating reaches the attendant's dashboard row.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DashboardResult } from "@balcao/contracts";
import { tickets, userRatings } from "../db/schema/index.js";
import { botScene, type BotScene } from "../../test/bot-scene.js";
import { ratingAsked as asked } from "../../test/bot-texts.js";
import { cloudServerPerFile } from "../../test/cloud-connection.js";
import type { FakeGraph } from "../../test/fake-graph.js";
import type { TestServer } from "../../test/harness.js";
import { until } from "../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const question = "Avalie-nos, {{firstName}}:";

/** The customer reaches Suporte through the bot, its agent accepts and resolves; `answers`: texts the close sends. */
async function attendedAndResolved(c: BotScene, answers: number): Promise<number> {
  await c.says("Oi");
  await c.says("2");
  await c.says("2");
  const ticket = await c.ticket();
  const put = (body: Record<string, unknown>) =>
    s.request({ method: "PUT", path: `/tickets/${ticket.id}`, token: c.agent.token, body });
  expect((await put({ status: "open", userId: c.agent.id })).statusCode).toBe(200);
  const before = c.textsSent().length;
  expect((await put({ status: "closed" })).json()).toMatchObject({ status: "closed" });
  if (answers > 0) await fake.waitForSent(before + answers, c.customer.from);
  return ticket.id;
}

const rated = (settings = { userRating: "enabled" }) =>
  botScene(s, fake, { settings, connection: { ratingMessage: question } });

describe("rating the attendant", () => {
  it("resolving asks after the completion message; '3' is stored for the attendant, on their dashboard row and the timeline, with no new ticket", async () => {
    const c = await rated();
    const ticketId = await attendedAndResolved(c, 2);
    expect(c.textsSent().slice(-2)).toEqual(["Atendimento encerrado. Até logo!", asked]);
    expect(await c.ticket()).toMatchObject({ status: "closed", ratingAsks: 1 });

    expect(await c.says(" 3 ", 0)).toEqual([]);
    await until(async () => (await ratingsOf(ticketId)).length > 0, 5000);
    expect(await ratingsOf(ticketId)).toEqual([{ userId: c.agent.id, rate: 3 }]);
    const all = await s.ctx.db.select().from(tickets).where(eq(tickets.whatsappId, c.connection.id));
    expect(all.map((t) => [t.id, t.status, t.ratingAsks])).toEqual([[ticketId, "closed", 0]]);

    const timeline = await s.request({
      method: "GET",
      path: `/tickets/${ticketId}/timeline`,
      token: c.tenant.admin.token,
    });
    expect(timeline.json<{ events: { type: string }[] }>().events.map((e) => e.type)).toEqual([
      "created",
      "bot",
      "bot",
      "queued",
      "accepted",
      "closed",
      "rated",
    ]);
    const dashboard = await s.request({ path: "/dashboard?days=7", token: c.tenant.admin.token });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const row = dashboard.json<DashboardResult>().attendants.find((a) => a.id === c.agent.id);
    expect(row).toMatchObject({ rating: 3, tickets: 1 });

    // The wait is over: the next message opens a new ticket, and the bot greets it.
    const menu = await c.says("Oi de novo");
    expect(menu[0]).toContain("*[ 1 ]* - Vendas");
  });

  it("an answer that is no rating repeats the question twice, then the wait ends without one", async () => {
    const c = await rated();
    const ticketId = await attendedAndResolved(c, 2);
    expect(await c.says("foi ótimo")).toEqual([asked]);
    expect(await c.says("10")).toEqual([asked]);
    expect(await c.says("nota 3", 0)).toEqual([]);
    await until(async () => (await c.ticket()).ratingAsks === 0, 5000);
    expect(await ratingsOf(ticketId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(c.textsSent().filter((t) => t === asked)).toHaveLength(3);
  });

  it("without userRating only the completion message goes, and the next message is a new ticket", async () => {
    const c = await rated({ userRating: "disabled" });
    const ticketId = await attendedAndResolved(c, 1);
    expect(c.textsSent().at(-1)).toBe("Atendimento encerrado. Até logo!");
    expect(await c.ticket()).toMatchObject({ ratingAsks: 0 });
    await c.says("3");
    const all = await s.ctx.db.select().from(tickets).where(eq(tickets.whatsappId, c.connection.id));
    expect(all).toHaveLength(2);
    expect(await ratingsOf(ticketId)).toEqual([]);
  });

  it("reopening a ticket that waits for its rating drops the question", async () => {
    const c = await rated();
    const ticketId = await attendedAndResolved(c, 2);
    const reopened = await s.request({
      method: "PUT",
      path: `/tickets/${ticketId}`,
      token: c.agent.token,
      body: { status: "open" },
    });
    expect(reopened.json()).toMatchObject({ status: "open" });
    expect(await c.ticket()).toMatchObject({ status: "open", ratingAsks: 0 });
    await c.says("3", 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await ratingsOf(ticketId)).toEqual([]);
  });
});

const ratingsOf = (ticketId: number) =>
  s.ctx.db
    .select({ userId: userRatings.userId, rate: userRatings.rate })
    .from(userRatings)
    .where(eq(userRatings.ticketId, ticketId));
