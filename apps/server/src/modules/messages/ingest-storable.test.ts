/**
 * Issue 19: a NUL or a lone UTF-16 surrogate in what a WhatsApp Web customer
 * sends (text, push name, caption, file name) no longer fails the store
 * (PostgreSQL refuses them): the message is stored with U+FFFD in their place.
 * The Cloud API side is in channels/cloud/webhook.unreadable.test.ts.
 */
import type { MessageDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboundOf } from "../../channels/baileys/inbound.js";
import { contacts, messages } from "../../db/schema/index.js";
import { content, pnJid, sampleDownload, waMessage } from "../../../test/baileys-messages.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { ingest } from "./ingest.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe("ingest of a WhatsApp Web message with unstorable characters", () => {
  it("stores text, push name, caption and file name with U+FFFD for a NUL or a lone surrogate", async () => {
    const tenant = await buildTenant(s);
    const connection = await buildWhatsapp(s, tenant.company.id, { provider: "beta" });
    const number = "5511987650777";
    const from = { chat: pnJid(number), pushName: "Ma\u0000ria" };
    for (const message of [
      waMessage({ ...from, id: "NUL1" }, content.text("oi\u0000 tudo\ud83d bem")),
      waMessage({ ...from, id: "NUL2" }, content.documentWithCaption("pe\u0000dido.pdf", "segue\u0000")),
    ]) {
      const inbound = inboundOf(message, sampleDownload);
      await ingest(s.ctx, connection, inbound!);
    }
    const stored = await s.ctx.db.select().from(messages).where(eq(messages.companyId, tenant.company.id));
    expect(stored.map((m) => [m.wid, m.body]).sort()).toEqual([
      ["NUL1", "oi\uFFFD tudo\uFFFD bem"],
      ["NUL2", "segue\uFFFD"],
    ]);
    const [person] = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, tenant.company.id));
    expect(person).toMatchObject({ name: "Ma\uFFFDria", number });
    const res = await s.request({ path: `/messages/${stored[0]!.ticketId}`, token: tenant.admin.token });
    const shown = res.json<{ messages: MessageDto[] }>().messages;
    expect(shown.find((m) => m.wid === "NUL2")).toMatchObject({ mediaName: "pe\uFFFDdido.pdf" });
  });
});
