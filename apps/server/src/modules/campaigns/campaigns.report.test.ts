/**
 * What the report page reads (business-areas §2.13, §3 "Report values"; the
 * per-recipient table and its CSV beyond the anchors): the counters of each
 * campaign in a page, valid contacts of a list or a tag, the detail's
 * shipping entries, the shipping page with its filters, and
 * campanha-{id}.csv. Shipping rows are written straight in the database, as
 * a dispatch would leave them.
 */
import type { CampaignDetailDto, CampaignPage, CampaignShippingPage } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildCheckedList, createCampaign, insertShipping } from "../../../test/campaigns.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { tags } from "../../db/schema/index.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const at = new Date("2030-01-15T13:00:00.000Z");

describe("report counters", () => {
  it("counts each campaign of a page by its shipping rows, and a list's valid numbers", async () => {
    const t = await buildTenant(s);
    const list = await buildCheckedList(
      s,
      t.company.id,
      ["5511990000001", "5511990000002", "5511990000003", "5511990000004", "5511990000005"],
      {
        "5511990000004": false,
        "5511990000005": null,
      },
    );
    const busy = await createCampaign(s, t.agent.token, { name: "Com envios", contactListId: list.id });
    const idle = await createCampaign(s, t.agent.token, { name: "Sem envios", contactListId: list.id });
    const n = (i: number) => `55119800000${String(i).padStart(2, "0")}`;
    await insertShipping(s, busy, [
      { number: n(1), status: "delivered", deliveredAt: at, confirmationRequestedAt: at, confirmedAt: at },
      { number: n(2), status: "delivered", deliveredAt: at },
      { number: n(3), status: "failed", error: "Number not on WhatsApp" },
      { number: n(4), status: "unknown" },
      { number: n(5), status: "opted_out" },
      { number: n(6), status: "pending" },
      { number: n(7), status: "sending" },
      { number: n(8), status: "awaiting", confirmationRequestedAt: at },
      { number: n(9), status: "confirming", confirmationRequestedAt: at, confirmedAt: at },
    ]);
    const { records } = (
      await s.request({ path: "/campaigns/?pageNumber=1", token: t.agent.token })
    ).json<CampaignPage>();
    const reports = Object.fromEntries(records.map((r) => [r.name, r.report]));
    expect(reports["Com envios"]).toEqual({
      validContacts: 3,
      recipients: 9,
      delivered: 2,
      failed: 1,
      unknown: 1,
      optedOut: 1,
      confirmationRequested: 3,
      confirmed: 2,
      pending: 4,
    });
    expect(reports["Sem envios"]).toMatchObject({ validContacts: 3, recipients: 0, delivered: 0, pending: 0 });
    expect(idle.report.validContacts).toBe(3);
  });

  it("counts a tag campaign's tagged contacts with a number before it starts, and its recipients after", async () => {
    const t = await buildTenant(s);
    const [tag] = await s.ctx.db.insert(tags).values({ companyId: t.company.id, name: "VIP" }).returning();
    const tagged = [
      await buildContact(s, t.company.id),
      await buildContact(s, t.company.id),
      await buildContact(s, t.company.id, { isGroup: true }),
      await buildContact(s, t.company.id, { number: "", userId: "BR.123" }),
    ];
    for (const contact of tagged) {
      await buildTicket(s, { companyId: t.company.id, contactId: contact.id }, [tag!.id]);
      await buildTicket(s, { companyId: t.company.id, contactId: contact.id, status: "closed" }, [tag!.id]);
    }
    const created = await createCampaign(s, t.agent.token, { tagListId: tag!.id });
    expect(created).toMatchObject({ tagId: tag!.id, tagListId: tag!.id, tag: { id: tag!.id, name: "VIP" } });
    expect(created.report.validContacts).toBe(2);
    await insertShipping(
      s,
      created,
      ["5511970000001", "5511970000002", "5511970000003"].map((number) => ({ number, status: "pending" as const })),
    );
    const read = (
      await s.request({ path: `/campaigns/${created.id}`, token: t.agent.token })
    ).json<CampaignDetailDto>();
    expect(read.report).toMatchObject({ validContacts: 3, recipients: 3, pending: 3 });
  });

  it("lists every shipping entry with its deliveredAt in the campaign's detail", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const rows = await insertShipping(s, created, [
      { number: "5511990000001", status: "delivered", deliveredAt: at },
      { number: "5511990000002", status: "pending" },
    ]);
    const read = (
      await s.request({ path: `/campaigns/${created.id}`, token: t.agent.token })
    ).json<CampaignDetailDto>();
    expect(read.shipping).toEqual([
      { id: rows[0]!.id, number: "5511990000001", deliveredAt: at.toISOString() },
      { id: rows[1]!.id, number: "5511990000002", deliveredAt: null },
    ]);
  });
});

describe("shipping table", () => {
  it("pages recipients by 50 in order, filtered by status and searched by number or name", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    const numbers = Array.from({ length: 60 }, (_, i) => `55119700000${String(i).padStart(2, "0")}`);
    await insertShipping(
      s,
      created,
      numbers.map((number, i) => ({
        number,
        name: i === 7 ? "Joana Prado" : `Cliente ${i}`,
        status: i % 3 === 0 ? ("failed" as const) : ("delivered" as const),
        variant: 1 + (i % 2),
        error: i % 3 === 0 ? "Recusado" : null,
      })),
    );
    const pageOf = async (query: string) =>
      (
        await s.request({ path: `/campaigns/${created.id}/shipping?${query}`, token: t.agent.token })
      ).json<CampaignShippingPage>();
    const first = await pageOf("pageNumber=1");
    expect(first).toMatchObject({ count: 60, hasMore: true });
    expect(first.shipping.map((r) => r.number)).toEqual(numbers.slice(0, 50));
    expect(first.shipping[0]).toMatchObject({
      status: "failed",
      variant: 1,
      error: "Recusado",
      message: "Olá",
      deliveredAt: null,
    });
    expect(await pageOf("pageNumber=2")).toMatchObject({ count: 60, hasMore: false, shipping: expect.any(Array) });
    const failed = await pageOf("pageNumber=1&status=failed");
    expect(failed.count).toBe(20);
    expect(failed.shipping.every((r) => r.status === "failed")).toBe(true);
    expect((await pageOf("pageNumber=1&searchParam=joana")).shipping.map((r) => r.number)).toEqual([numbers[7]]);
    expect((await pageOf("pageNumber=1&searchParam=5511970000059")).shipping.map((r) => r.name)).toEqual([
      "Cliente 59",
    ]);
    const bad = await s.request({ path: `/campaigns/${created.id}/shipping?status=lost`, token: t.agent.token });
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("CSV export", () => {
  it("answers campanha-{id}.csv: BOM, ';' header, quoted cells, no formula a spreadsheet would run, the company's clock", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    await insertShipping(s, created, [
      { number: "5511990000001", name: 'José; "Zé" Silva', status: "delivered", variant: 2, deliveredAt: at },
      { number: "5511990000002", name: '=HYPERLINK("http://x")', status: "failed", error: "Linha 1\nLinha 2" },
      { number: "5511990000003", name: "@SUM(A1)", status: "pending" },
    ]);
    const res = await s.request({ path: `/campaigns/${created.id}/shipping/export`, token: t.agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="campanha-${created.id}.csv"`);
    expect(res.body.split("\r\n")).toEqual([
      "\uFEFFnumber;name;status;variant;deliveredAt;error",
      // 2030-01-15T13:00:00Z on the company's clock (America/Sao_Paulo, the default).
      `5511990000001;"José; ""Zé"" Silva";delivered;2;2030-01-15T10:00:00-03:00;`,
      `5511990000002;"'=HYPERLINK(""http://x"")";failed;;;"Linha 1\nLinha 2"`,
      "5511990000003;'@SUM(A1);pending;;;",
      "",
    ]);
  });

  it("exports all of a 100,000-recipient campaign", async () => {
    const t = await buildTenant(s);
    const created = await createCampaign(s, t.agent.token);
    await s.ctx.database.raw.query(
      `insert into campaign_shipping (company_id, campaign_id, number, name, status, message)
       select $1, $2, '55' || lpad(g::text, 11, '0'), 'Cliente ' || g, 'delivered', 'Olá' from generate_series(1, 100000) g`,
      [t.company.id, created.id],
    );
    const res = await s.request({ path: `/campaigns/${created.id}/shipping/export`, token: t.agent.token });
    const lines = res.body.split("\r\n");
    expect(lines).toHaveLength(100_002);
    expect(lines[1]).toBe("5500000000001;Cliente 1;delivered;;;");
    expect(lines[100_000]).toBe("5500000100000;Cliente 100000;delivered;;;");
  });
});
