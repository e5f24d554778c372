/**
 * The bad-input walk (issue 19 item 4): every registered API route gets ids
 * past the integer columns, NUL characters and lone surrogates in every
 * field, malformed %-escapes, over-long path parameters, broken JSON and
 * broken multipart, from a signed-in admin (super where the route needs it)
 * of a fresh company, on rows that exist. No answer may be a 5xx, and every
 * refusal carries a catalogue code; text PostgreSQL cannot store is refused
 * with 400 ERR_VALIDATION wherever it is sent.
 */
import { errorStatus } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badIds, badTexts, leaves, replaced, routeSchema, sample, type Samples } from "../../test/bad-input.js";
import { buildWhatsapp } from "../../test/connections.js";
import { buildContact, buildMessage, buildTicket } from "../../test/conversations.js";
import { newToken } from "../../test/external-api.js";
import { buildCompany, buildPlan, buildQueue, buildTenant, buildUser, login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { API_PREFIX, listRoutes, type RouteEntry } from "./app.js";

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** Text that cannot be stored: refused with 400 ERR_VALIDATION, not only "no 5xx". */
  unstorable?: boolean;
}

let s: TestServer;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  s = await startTestServer();
  world = await buildWorld();
});
afterAll(async () => {
  await s.close();
});

/** A fresh company with a row of every kind the routes take, its admin and a super user signed in. */
async function buildWorld() {
  const t = await buildTenant(s);
  const companyId = t.company.id;
  const superUser = await buildUser(s, { companyId, profile: "admin", super: true });
  const superToken = (await login(s, superUser.email)).token;
  // Logging out ends every session of its user: the logout route is walked by a user of its own.
  const leaver = await buildUser(s, { companyId, profile: "admin" });
  const queue = await buildQueue(s, companyId);
  const apiToken = newToken();
  const wa = await buildWhatsapp(s, companyId, { isDefault: true, token: apiToken });
  const cloud = await buildWhatsapp(s, companyId, { provider: "cloud" });
  // The connection routes edit (and drop the token of) a connection the external API does not use.
  const spare = await buildWhatsapp(s, companyId);
  const contact = await buildContact(s, companyId);
  const ticket = await buildTicket(s, {
    companyId,
    contactId: contact.id,
    whatsappId: wa.id,
    queueId: queue.id,
    status: "open",
    userId: t.admin.id,
  });
  const message = await buildMessage(s, ticket);
  // The ticket routes move their own ticket around; the message routes keep an open one.
  const other = await buildContact(s, companyId);
  const moved = await buildTicket(s, { companyId, contactId: other.id, whatsappId: wa.id, queueId: queue.id });
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
    whatsappId: wa.id,
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
  };
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
  };
  return { admin, leaverEmail: leaver.email, superToken, apiToken, samples, idBySegment, companyId };
}

/** Routes that read their body themselves (JSON or a form), with what a valid one holds. */
const ownBodies: Record<string, () => object> = {
  "POST /api/messages/:ticketId": () => ({ body: "olá", quotedMsg: world.samples.ids.messageId }),
  "POST /api/messages/send": () => ({ number: "5511988887777", body: "olá" }),
  "POST /api/api/messages/send": () => ({ number: "5511988887777", body: "olá" }),
};

const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;

function paramValue(route: RouteEntry, name: string): string {
  if (name !== "id") {
    const value = world.samples.ids[name] ?? world.samples.strings[name]?.();
    return String(value ?? "walk");
  }
  // A company's own schedules are its admin's; every other :id is a row of the route's own kind.
  if (route.url.endsWith("/schedules")) return String(world.companyId);
  const segment = route.url.slice(API_PREFIX.length + 1).split("/")[0]!;
  return String(world.idBySegment[segment] ?? world.samples.ids.default);
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)|(\*)$/g)].map((m) => m[1] ?? "*");

/** The route's URL with its parameters valid, except `bad` (already encoded) in place of `name`. */
function urlOf(route: RouteEntry, bad?: { name: string; raw: string }): string {
  return route.url
    .replace(/:(\w+)/g, (_, name: string) =>
      name === bad?.name ? bad.raw : encodeURIComponent(paramValue(route, name)),
    )
    .replace(/\*$/, () => (bad?.name === "*" ? bad.raw : paramValue(route, "*")));
}

function validQuery(route: RouteEntry): Record<string, string> {
  const schema = routeSchema(route, "querystring");
  const required = schema?.required ?? [];
  return Object.fromEntries(
    required.map((name) => [name, String(sample(schema!.properties![name]!, [name], world.samples))]),
  );
}

const json = { "content-type": "application/json" };
const multipart = (boundary?: string) => ({
  "content-type": boundary ? `multipart/form-data; boundary=${boundary}` : "multipart/form-data",
});
const formField = (name: string, value: string) =>
  `--walk\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

function paramProbes(route: RouteEntry): Probe[] {
  return paramNames(route.url).flatMap((name) =>
    [...badIds, "a%00b", "%E0%A4%A", "1".repeat(101)].map((raw) => ({
      label: `param ${name}=${raw.slice(0, 20)}`,
      method: route.method,
      url: urlOf(route, { name, raw }),
      unstorable: raw === "a%00b",
    })),
  );
}

function queryProbes(route: RouteEntry, url: string): Probe[] {
  const names = Object.keys(routeSchema(route, "querystring")?.properties ?? { walk: {} });
  const valid = validQuery(route);
  return names.flatMap((name) =>
    [...badIds, "[2147483648]", "a\u0000b"].map((value) => ({
      label: `query ${name}=${JSON.stringify(value)}`,
      method: route.method,
      url: `${url}?${new URLSearchParams({ ...valid, [name]: value }).toString()}`,
      unstorable: value.includes("\u0000"),
    })),
  );
}

function bodyProbes(route: RouteEntry, url: string): Probe[] {
  const schema = routeSchema(route, "body");
  const valid = ownBodies[routeKey(route)]?.() ?? (schema ? sample(schema, [], world.samples) : undefined);
  const probes: Probe[] = [
    { label: "invalid JSON", method: route.method, url, headers: json, payload: "{" },
    { label: "text/plain body", method: route.method, url, headers: { "content-type": "text/plain" }, payload: "x" },
    { label: "multipart without boundary", method: route.method, url, headers: multipart(), payload: "x" },
    {
      label: "truncated multipart",
      method: route.method,
      url,
      headers: multipart("walk"),
      payload: formField("body", "olá"),
    },
    {
      label: "multipart field with NUL",
      method: route.method,
      url,
      headers: multipart("walk"),
      payload: `${formField("body", "a\u0000b")}\r\n--walk--\r\n`,
    },
  ];
  if (valid === undefined) return probes;
  for (const leaf of leaves(valid)) {
    const bad = typeof leaf.value === "string" ? badTexts : [...badIds.map(Number).filter((n) => !isNaN(n)), ...badIds];
    for (const value of bad) {
      probes.push({
        label: `body ${leaf.path.join(".")}=${JSON.stringify(value)}`,
        method: route.method,
        url,
        headers: json,
        payload: JSON.stringify(replaced(valid, leaf.path, value)),
        unstorable: badTexts.includes(value as string),
      });
    }
  }
  return probes;
}

function probesOf(route: RouteEntry): Probe[] {
  const url = urlOf(route);
  const takesBody = ["POST", "PUT", "PATCH"].includes(route.method);
  return [...paramProbes(route), ...queryProbes(route, url), ...(takesBody ? bodyProbes(route, url) : [])];
}

async function tokenFor(route: RouteEntry): Promise<string> {
  // Logging out ends the session it is sent with: each of its probes signs in anew.
  if (route.url.endsWith("/auth/logout")) return (await login(s, world.leaverEmail)).token;
  if (route.access === "super") return world.superToken;
  // The external API's credential is its connection's token; other public routes ignore it.
  return route.access === "public" ? world.apiToken : world.admin;
}

/** What is wrong with the answer to `probe`, if anything. */
async function fault(route: RouteEntry, probe: Probe): Promise<string | undefined> {
  const res = await s.app
    .inject({
      method: probe.method as "GET",
      url: probe.url,
      headers: { authorization: `Bearer ${await tokenFor(route)}`, ...probe.headers },
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    })
    .catch((err: Error) => err);
  if (res instanceof Error) return `${routeKey(route)} ${probe.label}: no answer (${res.message})`;
  const where = `${routeKey(route)} ${probe.label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return where;
  if (res.statusCode < 400) return probe.unstorable ? where : undefined;
  const error = res.json<{ error?: unknown }>().error;
  if (typeof error !== "string" || !(error in errorStatus)) return where;
  if (probe.unstorable && (res.statusCode !== 400 || error !== "ERR_VALIDATION")) return where;
  return undefined;
}

/** API routes, the ones that remove rows last (the rest of the walk needs them). */
function walkOrder(): RouteEntry[] {
  const routes = listRoutes(s.app).filter(
    (r) => r.url.startsWith(`${API_PREFIX}/`) && !r.url.startsWith(`${API_PREFIX}/docs`) && r.method !== "HEAD",
  );
  const rank = (r: RouteEntry) => (r.method === "DELETE" ? 1 : 0);
  return routes.sort((a, b) => rank(a) - rank(b));
}

describe("bad input on every route", () => {
  it("never answers 5xx nor a refusal without a catalogue code", { timeout: 120_000 }, async () => {
    const faults: string[] = [];
    let sent = 0;
    for (const route of walkOrder()) {
      for (const probe of probesOf(route)) {
        sent++;
        const found = await fault(route, probe);
        if (found) faults.push(found);
      }
    }
    // Every route gets its probes (about 1,960 requests over 105 routes when this was written).
    expect(sent).toBeGreaterThan(walkOrder().length * 10);
    expect(faults).toEqual([]);
  });
});
