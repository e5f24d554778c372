/**
 * POST /contacts/import (business-areas §2.3, §7): the address book of the
 * phone behind the company's default connection. The Cloud API has no phone,
 * so the entries a WhatsApp Web phone would share are given by replacing the
 * running driver's phoneContacts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { connectSocket, nextEvent } from "../../../test/sockets.js";
import type { PhoneContact } from "../../channels/driver.js";
import { contacts } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const importBook = (token: string) => s.request({ method: "POST", path: "/contacts/import", token });

async function tenantWithPhone(book: PhoneContact[]) {
  const t = await buildTenant(s);
  const connection = await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
  const driver = s.ctx.channels.runningDriver(connection.id)!;
  vi.spyOn(driver, "phoneContacts").mockResolvedValue(book);
  return { ...t, connection };
}

const companyContacts = (companyId: number) =>
  s.ctx.db
    .select({ name: contacts.name, number: contacts.number, whatsappId: contacts.whatsappId })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(contacts.number);

describe("POST /contacts/import", () => {
  it("creates the phone's new contacts, keeps existing ones as they are and skips unusable numbers", async () => {
    const t = await tenantWithPhone([
      { number: "5511900000101", name: "Ana" },
      { number: "+55 11 90000-0102", name: "Renamed on the phone" },
      { number: "123", name: "Too short" },
      { number: "5511900000103", name: "" },
      { number: "5511900000101", name: "Ana again" },
    ]);
    await buildContact(s, t.company.id, { number: "5511900000102", name: "Typed by an agent" });

    const res = await importBook(t.agent.token);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, existing: 2, invalid: 1 });
    expect(await companyContacts(t.company.id)).toEqual([
      { name: "Ana", number: "5511900000101", whatsappId: t.connection.id },
      { name: "Typed by an agent", number: "5511900000102", whatsappId: null },
      { name: "5511900000103", number: "5511900000103", whatsappId: t.connection.id },
    ]);
  });

  it("imports into the caller's company only, even for numbers another company has", async () => {
    const a = await tenantWithPhone([{ number: "5511900000201", name: "Shared customer" }]);
    const b = await buildTenant(s);
    await buildContact(s, b.company.id, { number: "5511900000201", name: "B's own name" });

    expect((await importBook(a.admin.token)).json()).toEqual({ imported: 1, existing: 0, invalid: 0 });

    expect(await companyContacts(b.company.id)).toEqual([
      { name: "B's own name", number: "5511900000201", whatsappId: null },
    ]);
    // B's own import reads B's default connection, which B does not have.
    expect((await importBook(b.admin.token)).json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("tells open contact lists to reload once", async () => {
    const t = await tenantWithPhone([
      { number: "5511900000301", name: "One" },
      { number: "5511900000302", name: "Two" },
    ]);
    const socket = await connectSocket(s, t.admin.token);
    const event = nextEvent(socket, `company-${t.company.id}-contact`);
    await importBook(t.agent.token);
    expect(await event).toEqual({ action: "reload" });
  });

  it("answers an empty import for a Cloud API number, which has no address book", async () => {
    const t = await buildTenant(s);
    await buildCloudConnection(s, fake, t.company.id, { isDefault: true });
    expect((await importBook(t.agent.token)).json()).toEqual({ imported: 0, existing: 0, invalid: 0 });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the default connection is not running", async () => {
    const t = await buildTenant(s);
    await buildWhatsapp(s, t.company.id, { isDefault: true, provider: "cloud" });
    const res = await importBook(t.agent.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("answers ERR_NO_DEF_WAPP_FOUND when the company has no default connection", async () => {
    const t = await buildTenant(s);
    await buildCloudConnection(s, fake, t.company.id, { isDefault: false });
    const res = await importBook(t.agent.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
    const rows = await s.ctx.db.select().from(contacts).where(eq(contacts.companyId, t.company.id));
    expect(rows).toEqual([]);
  });
});
