/** Contacts' realtime (business-areas §4; core-platform §7.9): company-{companyId}-contact, after the commit only. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newContact as createContact } from "../../../test/contact-requests.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const newContact = (token: string, body: Record<string, unknown> = {}) => createContact(s, token, body);

describe("contacts: realtime on company-{companyId}-contact", () => {
  it("tells the company's sockets of create, update and delete, and no other company", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const channel = `company-${t.company.id}-contact`;
    const socket = await connectSocket(s, t.admin.token);
    const stranger = await connectSocket(s, other.admin.token);
    const leaked = record(stranger, channel);
    let event = nextEvent(socket, channel);
    const c = await newContact(t.agent.token, { name: "Live Contact" });
    expect(await event).toMatchObject({ action: "create", contact: { id: c.id, name: "Live Contact" } });
    event = nextEvent(socket, channel);
    await s.request({
      method: "PUT",
      path: `/contacts/${c.id}`,
      token: t.agent.token,
      body: { name: "Live 2", number: c.number },
    });
    expect(await event).toMatchObject({ action: "update", contact: { id: c.id, name: "Live 2" } });
    event = nextEvent(socket, channel);
    await s.request({ method: "DELETE", path: `/contacts/${c.id}`, token: t.admin.token });
    expect(await event).toEqual({ action: "delete", contactId: c.id });
    await flush(s, stranger);
    expect(leaked).toEqual([]);
  });
});

describe("contacts: realtime follows the commit", () => {
  it("an update refused inside its transaction (a number another contact holds) sends no event", async () => {
    const t = await buildTenant(s);
    const socket = await connectSocket(s, t.admin.token);
    const events = record(socket, `company-${t.company.id}-contact`);
    const holder = await newContact(t.agent.token);
    const c = await newContact(t.agent.token, { extraInfo: [{ name: "A", value: "1" }] });
    await flush(s, socket);
    events.length = 0;

    // Its extra info is replaced and its event recorded before the number meets the other contact's.
    const taken = await s.request({
      method: "PUT",
      path: `/contacts/${c.id}`,
      token: t.agent.token,
      body: { name: "Renamed", number: holder.number, extraInfo: [{ name: "B", value: "2" }] },
    });
    expect(taken.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });

    await flush(s, socket);
    expect(events).toEqual([]);
    expect((await s.request({ path: `/contacts/${c.id}`, token: t.agent.token })).json()).toMatchObject({
      name: "Maria Silva",
      number: c.number,
      extraInfo: [{ name: "A", value: "1" }],
    });
  });
});
