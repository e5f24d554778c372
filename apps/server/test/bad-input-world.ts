/** The rows and sessions the bad-input walk sends its requests about (bad-input.test.ts). */
import { eq } from "drizzle-orm";
import { whatsapps } from "../src/db/schema/index.js";
import { encryptSecret, lookupHash } from "../src/secrets/index.js";
import type { Samples } from "./bad-input.js";
import { buildWhatsapp } from "./connections.js";
import { buildContact, buildMessage, buildTicket } from "./conversations.js";
import { newToken } from "./external-api.js";
import { buildCompany, buildPlan, buildQueue, buildTenant, buildUser, login } from "./factories.js";
import type { TestServer } from "./harness.js";
import { connectedWebConnection } from "./whatsapp-web.js";

/** A fresh company with a row of every kind the routes take, its admin and a super user signed in. */
export async function buildWorld(s: TestServer) {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const superUser = await buildUser(s, { companyId, profile: "admin", super: true });
  const superToken = (await login(s, superUser.email)).token;
  // Logging out ends every session of its user: the logout route is walked by a user of its own.
  const leaver = await buildUser(s, { companyId, profile: "admin" });
  const queue = await buildQueue(s, companyId);
  const apiToken = newToken();
  // Connected (a paired WhatsApp Web session on the fake socket), so the external API and the message
  // routes get past "not connected" to reading their bodies.
  const { whatsapp: web, open: phone } = await connectedWebConnection(s, t.admin.token);
  const [wa] = await s.ctx.db
    .update(whatsapps)
    // Stored as a save stores it: encrypted, found by its hash.
    .set({ isDefault: true, token: encryptSecret(apiToken), tokenHash: lookupHash(apiToken) })
    .where(eq(whatsapps.id, web.id))
    .returning();
  // Its app secret signs the walk's webhook bodies, so they reach the delivery reader (issue 29 item 10).
  const webhookSecret = newToken();
  const cloud = await buildWhatsapp(s, companyId, { provider: "cloud", cloudAppSecret: webhookSecret });
  // The connection routes edit (and drop the token of) a connection the external API does not use.
  const spare = await buildWhatsapp(s, companyId);
  const contact = await buildContact(s, companyId);
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: wa!.id,
    queueId: queue.id,
    status: "open",
    userId: t.admin.id,
  });
  const message = await buildMessage(s, ticket);
  // The ticket routes move their own ticket around; the message routes keep an open one.
  const other = await buildContact(s, companyId);
  const moved = await buildTicket(s, { companyId, contactId: other.id, whatsappId: wa!.id, queueId: queue.id });
  const created = async (token: string, path: string, body: object) => {
    const res = await s.request({ method: "POST", path, token, body });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const admin = t.admin.token;
  const ids = {
    default: 1,
    companyId,
    planId: (await buildPlan(s)).id,
    otherCompanyId: (await buildCompany(s)).id,
    userId: t.agent.id,
    queueId: queue.id,
    queueIds: queue.id,
    whatsappId: wa!.id,
    connectionId: cloud.id,
    contactId: contact.id,
    ticketId: ticket.id,
    messageId: message.id,
    quotedMsg: message.id,
    tagId: await created(admin, "/tags", { name: "Walk tag", color: "#123456" }),
    "tags.id": 0,
    ids: await created(superToken, "/announcements", { title: "Walk", text: "Walk" }),
    helpId: await created(superToken, "/helps", { title: "Walk", video: "dQw4w9WgXcQ" }),
    quickMessageId: await created(admin, "/quick-messages", { shortcode: "walk", message: "walk" }),
    optionId: await created(admin, "/queue-options", { queueId: queue.id, title: "Walk" }),
    noteId: await created(admin, "/ticket-notes", { note: "walk", ticketId: ticket.id, contactId: contact.id }),
    // An hour ahead: the walk's changes never meet it sent.
    scheduleId: await created(admin, "/schedules", {
      body: "walk schedule",
      contactId: contact.id,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    fileId: await created(admin, "/files", { name: "Walk", message: "walk", options: [{ name: "walk" }] }),
    contactListId: await created(admin, "/contact-lists", { name: "Walk list" }),
    contactListItemId: 0,
    // INATIVA (no scheduledAt in the walk's bodies): every change to it is allowed.
    campaignId: await created(admin, "/campaigns", { name: "Walk campaign" }),
    chatId: await created(admin, "/chats", { title: "Walk chat", users: [{ id: t.agent.id, name: "Agent" }] }),
    integrationId: await created(admin, "/queueIntegration", {
      type: "webhook",
      name: "Walk hook",
      urlN8N: "https://walk.example.com/hook",
    }),
  };
  ids.contactListItemId = await created(admin, "/contact-list-items", {
    name: "Walk item",
    number: "5511900000099",
    contactListId: ids.contactListId,
  });
  ids["tags.id"] = ids.tagId;
  let n = 0;
  const samples: Samples = {
    ids,
    strings: {
      email: () => `walk-${++n}@example.com`,
      color: () => "#1a2b3c",
      video: () => "dQw4w9WgXcQ",
      number: () => `55119${String(++n).padStart(8, "0")}`,
      name: () => `Walk ${++n}`,
      phone: () => "11988887777",
      dueDate: () => "2030-01-15",
      value: () => "enabled",
      lang: () => "en",
      password: () => "Secret123",
      newPassword: () => "Secret123",
      token: () => "",
      key: () => "userRating",
      uuid: () => ticket.uuid,
      sendAt: () => new Date(Date.now() + 3_600_000).toISOString(),
      "*": () => "walk.png",
    },
  };
  /** The row a route's :id names, by the route's first path segment. */
  const idBySegment: Record<string, number> = {
    companies: ids.otherCompanyId,
    plans: ids.planId,
    users: ids.userId,
    queue: ids.queueId,
    "queue-options": ids.optionId,
    tags: ids.tagId,
    contacts: ids.contactId,
    helps: ids.helpId,
    announcements: ids.ids,
    tickets: moved.id,
    "ticket-notes": ids.noteId,
    messages: ids.messageId,
    whatsapp: spare.id,
    whatsappsession: spare.id,
    "quick-messages": ids.quickMessageId,
    schedules: ids.scheduleId,
    files: ids.fileId,
    "contact-lists": ids.contactListId,
    "contact-list-items": ids.contactListItemId,
    campaigns: ids.campaignId,
    chats: ids.chatId,
    queueIntegration: ids.integrationId,
  };
  return {
    admin,
    phone,
    leaverEmail: leaver.email,
    superToken,
    apiToken,
    webhookSecret,
    samples,
    idBySegment,
    companyId,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
