/**
 * GET /tickets text search and tags (core-platform §2.7 "Search"): the two
 * ways a search runs (walking the tickets newest first, gathering every
 * match) give the very same pages, the plan picks between them from the
 * column statistics, and a search counts up to the end of its page.
 */
import { ticketPageSize, ticketListQuerySchema } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tags } from "../../db/schema/index.js";
import { buildContact, buildMessage, buildTicket } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import type { SearchStats } from "./search-stats.js";
import { planSearch } from "./ticket-search.js";
import { searchPage, ticketListWhere } from "./tickets.queries.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const bodies = [
  "Preciso da GARANTIA do produto",
  "Qual o prazo da garantia?",
  "Sobre o boleto de março",
  "Orçamento aprovado, Ação imediata",
  "Nota fiscal 5511 anexada",
  "Bom dia",
];

/**
 * A company of 100 tickets whose contacts and messages mix the texts searched
 * below, several updated at the same instant (the newest id goes first).
 */
async function company() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const made: { id: number; updatedAt: Date; texts: string[]; number: string }[] = [];
  for (let i = 0; i < 100; i++) {
    const name = i % 7 === 0 ? `Maria Silva ${i}` : `Cliente ${i}`;
    const number = `55119${String(1000000 + i * 13).padStart(7, "0")}`;
    const contact = await buildContact(s, companyId, { name, number });
    const updatedAt = new Date(Date.UTC(2024, 0, 1, 0, i % 10 === 0 ? 0 : i));
    const ticket = await buildTicket(s, { companyId, contactId: contact.id, status: "closed", updatedAt });
    const said = [bodies[i % bodies.length]!, bodies[(i * 5) % bodies.length]!].slice(0, 1 + (i % 2));
    for (const body of said) await buildMessage(s, ticket, { body });
    made.push({ id: ticket.id, updatedAt, texts: [name, ...said], number });
  }
  // What a search must answer, worked out here: the name or a message contains the text (any case), or the number its digits.
  const expected = (text: string, digits = "") =>
    made
      .filter((m) => m.texts.some((x) => x.toLowerCase().includes(text)) || (digits && m.number.includes(digits)))
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id)
      .map((m) => m.id);
  return { t, companyId, expected };
}

describe("tickets: the two ways of a search", () => {
  it("walking newest first and gathering every match give the same pages, in list order", async () => {
    const c = await company();
    const viewer = {
      id: c.t.admin.id,
      companyId: c.companyId,
      profile: "admin",
      overseer: true,
      queueIds: [],
      seesNoQueue: true,
    };
    const where = ticketListWhere(viewer, ticketListQuerySchema.parse({ showAll: "true" }));
    const cases = [
      "Garantia",
      "silva",
      "boleto de MARÇO",
      "ação",
      "orçamento",
      "5511",
      "(11) 91000-1",
      "da",
      "nada disso",
    ];
    for (const text of cases) {
      const plan = planSearch({}, text)!;
      const want = c.expected(plan.text, plan.digits);
      for (const offset of [0, ticketPageSize]) {
        const page = want.slice(offset, offset + ticketPageSize + 1);
        for (const variant of [
          { walk: false, commonName: false },
          { walk: true, commonName: false },
          { walk: true, commonName: true },
        ]) {
          const rows = await searchPage(s.ctx.db, viewer, where, { ...plan, ...variant }, offset);
          expect(
            rows.map((r) => r.id),
            `${text} at ${offset}, ${JSON.stringify(variant)}`,
          ).toEqual(page);
        }
      }
    }
    // The common word fills a page: the walk answered it by itself.
    expect(c.expected("garantia").length).toBeGreaterThan(ticketPageSize);
  });

  it("over HTTP: counts up to the page's end, plus one when more follow; tags likewise", async () => {
    const c = await company();
    const list = async (q: string) => {
      const res = await s.request({ path: `/tickets?showAll=true&${q}`, token: c.t.admin.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ tickets: { id: number }[]; hasMore: boolean; count: number }>();
    };
    const all = c.expected("garantia");
    const first = await list("searchParam=GARANTIA");
    expect(first.tickets.map((x) => x.id)).toEqual(all.slice(0, ticketPageSize));
    expect(first).toMatchObject({ hasMore: true, count: ticketPageSize + 1 });
    const second = await list("searchParam=garantia&pageNumber=2");
    expect(second.tickets.map((x) => x.id)).toEqual(all.slice(ticketPageSize));
    expect(second).toMatchObject({ hasMore: false, count: all.length });

    const [tag] = await s.ctx.db
      .insert(tags)
      .values({ companyId: c.companyId, name: "vip", color: "#000" })
      .returning();
    const contact = await buildContact(s, c.companyId);
    for (let i = 0; i < ticketPageSize + 3; i++) {
      await buildTicket(s, { companyId: c.companyId, contactId: contact.id, status: "closed" }, [tag!.id]);
    }
    const tagged = await list(`tags=${JSON.stringify([tag!.id])}`);
    expect(tagged).toMatchObject({ hasMore: true, count: ticketPageSize + 1 });
    expect(await list(`tags=${JSON.stringify([tag!.id])}&pageNumber=2`)).toMatchObject({
      hasMore: false,
      count: ticketPageSize + 3,
    });
  });
});

describe("tickets: how a search is planned", () => {
  // 100 sampled bodies as ANALYZE keeps them: 12 hold "garantia", none "123456"; names hold "silva" 3 times in 100.
  const sample = (n: number, hit: string, rest: (i: number) => string) =>
    Array.from({ length: 100 }, (_, i) => (i < n ? `${hit} ${i}` : rest(i)));
  const stats: SearchStats = {
    body: {
      nullFrac: 0,
      mcv: ["ok"],
      mcf: [0.05],
      hist: sample(12, "preciso de garantia", (i) => `protocolo ${i * 7}`),
    },
    name: { nullFrac: 0, mcv: [], mcf: [], hist: sample(3, "maria silva", (i) => `cliente ${i}`) },
  };

  it("walks for a text common in messages or names, gathers a rare one by its rarest word", () => {
    expect(planSearch(stats, "Garantia")).toMatchObject({ text: "garantia", walk: true, commonName: false });
    expect(planSearch(stats, "silva")).toMatchObject({ walk: true, commonName: true });
    expect(planSearch(stats, "protocolo 123456")).toMatchObject({
      walk: false,
      bodyLookup: "%123456%",
      asciiPart: "protocolo 123456",
    });
    // Too short for a trigram: walked all the way.
    expect(planSearch(stats, "ok")).toMatchObject({ walk: true, unindexed: true });
    expect(planSearch(stats, "garantia")).toMatchObject({ unindexed: false });
    expect(planSearch(stats, "  ")).toBeUndefined();
  });

  it("without statistics (a table never analysed) gathers, looking the whole text up", () => {
    expect(planSearch({}, "garantia de prazo")).toMatchObject({ walk: false, bodyLookup: "%garantia de prazo%" });
    expect(planSearch({}, "100%")).toMatchObject({ walk: false, bodyLookup: "%100\\%%" });
    expect(planSearch({}, "(11) 98765")).toMatchObject({ walk: false, bodyLookup: "%98765%", digits: "1198765" });
    expect(planSearch({}, "ação já")).toMatchObject({ asciiPart: "o j", bodyLookup: "%ação%", walk: false });
  });
});
