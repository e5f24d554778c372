/**
 * Names every JavaScript object inherits (`constructor`, `toString`…) arriving
 * where the webhook looks values up in a table: a file's mimetype, a status.
 * They are unknown values like any other, never the table's inherited members.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildCompany } from "../../../test/factories.js";
import { envelope, statusValue, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const customer = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

async function setup() {
  const company = await buildCompany(s);
  const connection = await buildCloudConnection(s, fake, company.id);
  return { company, connection, phoneNumberId: connection.cloudPhoneNumberId };
}

describe("inherited names in a Cloud API delivery", () => {
  it("stores a document whose mimetype is 'constructor' as a .bin file", async () => {
    const { company, phoneNumberId } = await setup();
    for (const mimetype of ["constructor", "toString", "__proto__"]) {
      const res = await fake.customerMessage({
        phoneNumberId,
        from: customer(),
        document: { mimetype, data: Buffer.from("opaque bytes") },
      });
      expect(res.status, mimetype).toBe(200);
    }
    const stored = await s.ctx.db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(stored.map((m) => m.mediaName)).toEqual(["document.bin", "document.bin", "document.bin"]);
    expect(stored.every((m) => m.mediaPath?.endsWith(".bin"))).toBe(true);
  });

  it("takes a status named 'constructor' as an unknown status: 200, the ack unchanged", async () => {
    const { company, connection, phoneNumberId } = await setup();
    const from = customer();
    await fake.customerMessage({ phoneNumberId, from, text: "oi" });
    const sent = await s.ctx.channels
      .driverFor(connection.id)
      .sendText({ chatNumber: from, isGroup: false, body: "x" });
    const [ticketMessage] = await s.ctx.db.select().from(messages).where(eq(messages.companyId, company.id));
    await s.ctx.db.insert(messages).values({
      companyId: company.id,
      ticketId: ticketMessage!.ticketId,
      whatsappId: connection.id,
      wid: sent.wid,
      body: "x",
      fromMe: true,
      ack: 2,
    });
    for (const status of ["constructor", "toString", "hasOwnProperty"]) {
      const value = statusValue(phoneNumberId, { wid: sent.wid, status: "sent" });
      value.statuses[0]!.status = status as "sent";
      expect((await fake.webhook(envelope([[value]]), { phoneNumberId })).status, status).toBe(200);
    }
    const [row] = await s.ctx.db.select().from(messages).where(eq(messages.wid, sent.wid));
    expect(row!.ack).toBe(2);
  });
});
