/**
 * Message variables reach the customer rendered (issue 11 item 6): a quick
 * reply picked in the message input is sent as written, and WhatsApp (the fake
 * Graph API) receives it rendered for the ticket, in the company's time zone,
 * with the sending agent as {{userName}}; the same for a file's caption.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings, tickets } from "../../db/schema/index.js";
import { renderForTicket } from "../../automation/ticket-variables.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { messageForm, openChat, postForm, sentTo, storedMessages } from "../../../test/messages.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const template =
  "{{ms}}, {{firstName}}! Sou {{userName}} ({{queue}}, {{connection}}). Protocolo {{protocol}} {{date}} {{hora}} {{x}}";

function localNow(timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.day}/${parts.month}/${parts.year}`,
    ymdh: `${parts.year}${parts.month}${parts.day}${parts.hour}`,
  };
}

async function chatIn(timeZone: string) {
  const c = await openChat(s, fake);
  await s.ctx.db
    .update(settings)
    .set({ value: timeZone })
    .where(and(eq(settings.companyId, c.companyId), eq(settings.key, "timezone")));
  return c;
}

describe("message variables in what agents send", () => {
  it("a quick reply sent from the input reaches the customer rendered in the company's zone", async () => {
    const c = await chatIn("Asia/Tokyo");
    const created = await s.request({
      method: "POST",
      path: "/quick-messages",
      token: c.token,
      body: { shortcode: "oi", message: template },
    });
    expect(created.statusCode, created.body).toBe(200);
    // As the input picks it: the list's raw text, sent as the message body.
    const list = await s.request({ method: "GET", path: "/quick-messages/list?searchParam=oi", token: c.token });
    const picked = list.json<{ shortcode: string; message: string }[]>().find((q) => q.shortcode === "oi")!;
    expect(picked.message).toBe(template);

    const before = localNow("Asia/Tokyo");
    const res = await s.request({
      method: "POST",
      path: `/messages/${c.ticket.id}`,
      token: c.token,
      body: { body: picked.message },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = (sentTo(fake, c).at(-1)!.body.text as { body: string }).body;
    const firstName = c.contact.name.split(" ")[0];
    expect(text).toMatch(
      new RegExp(
        `^(Bom dia|Boa tarde|Boa noite|Boa madrugada), ${firstName}! Sou ${c.agent.name} \\(${c.queue.name}, ${c.wa.name}\\)\\. ` +
          `Protocolo (\\d{14})${c.ticket.id} (\\d\\d/\\d\\d/\\d{4}) (\\d\\d:\\d\\d:\\d\\d) \\{\\{x\\}\\}$`,
      ),
    );
    const [, protocol, date] = /Protocolo (\d{14})\d+ (\S+)/.exec(text)!.map(String);
    expect([before.date, localNow("Asia/Tokyo").date]).toContain(date);
    expect([before.ymdh, localNow("Asia/Tokyo").ymdh]).toContain(protocol!.slice(0, 10));
    // What is kept is what the customer read.
    expect((await storedMessages(s, c.ticket.id)).at(-1)!.body).toBe(text);
  });

  it("a file's caption is rendered too", async () => {
    const c = await chatIn("America/Sao_Paulo");
    const form = messageForm([
      {
        name: "nota.pdf",
        type: "application/pdf",
        data: Buffer.from("%PDF-1.4\n%%EOF\n"),
        body: "Segue, {{firstName}}",
      },
    ]);
    const res = await postForm(s, c.token, c.ticket.id, form);
    expect(res.statusCode, res.body).toBe(200);
    const sent = sentTo(fake, c).at(-1)!.body as { document?: { caption?: string } };
    expect(sent.document?.caption).toBe(`Segue, ${c.contact.name.split(" ")[0]}`);
  });

  it("reads only the ticket's own company: another company's ticket id renders nothing", async () => {
    const a = await chatIn("America/Sao_Paulo");
    const b = await chatIn("America/Sao_Paulo");
    expect(await renderForTicket(s.ctx.db, a.companyId, b.ticket.id, "Olá {{name}}")).toBe("Olá {{name}}");
    expect(await renderForTicket(s.ctx.db, b.companyId, b.ticket.id, "Olá {{name}}")).toBe(`Olá ${b.contact.name}`);
  });

  it("{{queue}}, {{userName}} and {{connection}} of a ticket without them render empty", async () => {
    const c = await chatIn("America/Sao_Paulo");
    const contact = await buildContact(s, c.companyId, { name: "Zé" });
    const bare = await buildTicket(s, { companyId: c.companyId, contactId: contact.id, status: "pending" });
    expect(
      await renderForTicket(s.ctx.db, c.companyId, bare.id, "[{{queue}}|{{userName}}|{{connection}}|{{name}}]"),
    ).toBe("[|||Zé]");
    const row = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, bare.id) });
    expect(row?.queueId).toBeNull();
  });
});
