/**
 * Issue 19 item 2 beyond ingest: a contact WhatsApp knows by user id only
 * (a username's BSUID, a LID) is shown with its user id and username, found
 * by its username in the contacts page and the ticket search, saved without
 * a number, and refused where a number or the right connection is needed.
 */
import type { ContactDto, ContactListResponse, TicketDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts } from "../../db/schema/index.js";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact, buildTicket } from "../../../test/conversations.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { newToken, SPEC_PATH } from "../../../test/external-api.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

let serial = 0;
const bsuid = () => `BR.${Date.now()}${++serial}`;

async function world() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const username = `carla.s${++serial}`;
  const carla = await buildContact(s, companyId, { number: "", userId: bsuid(), username, name: `@${username}` });
  const lid = await buildContact(s, companyId, { number: "", userId: `7${Date.now()}${serial}@lid`, name: "Gil" });
  return { t, companyId, token: t.admin.token, username, carla, lid };
}

describe("a contact known by user id only", () => {
  it("is listed with its user id and username, and found by its username (with or without @)", async () => {
    const w = await world();
    for (const search of [w.username, `@${w.username.toUpperCase()}`, w.username.slice(2, 8)]) {
      const res = await s.request({ path: `/contacts?searchParam=${encodeURIComponent(search)}`, token: w.token });
      expect(res.statusCode).toBe(200);
      const found = res.json<ContactListResponse>().contacts;
      expect(
        found.map((c) => [c.id, c.number, c.userId, c.username]),
        search,
      ).toEqual([[w.carla.id, "", w.carla.userId, w.username]]);
    }
    await buildTicket(s, { companyId: w.companyId, contactId: w.carla.id, status: "pending" });
    const tickets = await s.request({
      path: `/tickets?searchParam=${encodeURIComponent(`@${w.username}`)}&showAll=true&status=pending`,
      token: w.token,
    });
    const list = tickets.json<{ tickets: TicketDto[] }>().tickets;
    expect(list.map((t) => [t.contact.id, t.contact.number, t.contact.username])).toEqual([
      [w.carla.id, "", w.username],
    ]);
  });

  it("saves without a number when WhatsApp knows it by user id; a contact without one still needs a number", async () => {
    const w = await world();
    const saved = await s.request({
      method: "PUT",
      path: `/contacts/${w.carla.id}`,
      token: w.token,
      body: { name: "Carla Souza", number: "", email: "" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ContactDto>()).toMatchObject({ name: "Carla Souza", number: "", username: w.username });

    const created = await s.request({
      method: "POST",
      path: "/contacts",
      token: w.token,
      body: { name: "Sem", number: "" },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ error: "ERR_VALIDATION" });
    const plain = await buildContact(s, w.companyId);
    const emptied = await s.request({
      method: "PUT",
      path: `/contacts/${plain.id}`,
      token: w.token,
      body: { name: plain.name, number: "" },
    });
    expect(emptied.statusCode).toBe(400);
    const [kept] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, plain.id));
    expect(kept!.number).toBe(plain.number);
  });

  it("opens a new ticket only on a connection that reaches its user id", async () => {
    const w = await world();
    const web = await buildWhatsapp(s, w.companyId, { provider: "beta" });
    const cloud = await buildCloudConnection(s, fake, w.companyId);
    const open = (contactId: number, whatsappId: number) =>
      s.request({ method: "POST", path: "/tickets", token: w.token, body: { contactId, whatsappId } });

    for (const [contactId, whatsappId] of [
      [w.carla.id, web.id],
      [w.lid.id, cloud.id],
    ] as const) {
      const refused = await open(contactId, whatsappId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_WAPP_INVALID_CONTACT" });
    }
    expect((await open(w.carla.id, cloud.id)).statusCode).toBe(200);
    expect((await open(w.lid.id, web.id)).statusCode).toBe(200);
  });

  it("is never reached by the external API's number: an empty number is refused before any lookup", async () => {
    const w = await world();
    const token = newToken();
    await buildCloudConnection(s, fake, w.companyId, { token });
    const res = await s.request({ method: "POST", path: SPEC_PATH, token, body: { number: "", body: "oi" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(fake.sent.filter((x) => x.recipient === w.carla.userId)).toEqual([]);
  });
});
