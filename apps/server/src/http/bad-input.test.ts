/**
 * The bad-input walk (issue 19 item 4): every registered API route gets ids
 * past the integer columns, NUL characters and lone surrogates in every
 * field, malformed %-escapes, over-long path parameters, broken JSON, JSON
 * bodies that are no object (null, arrays, scalars; issue 29 item 10; the
 * Cloud webhook's signed as Meta signs) and broken multipart, from a signed-in admin (super where the route needs it)
 * of a fresh company, on rows that exist. No answer may be a 5xx, and every
 * refusal carries a catalogue code; text PostgreSQL cannot store, and a body
 * of the wrong shape where JSON is read, is refused with 400 ERR_VALIDATION.
 */
import { errorStatus } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  badIds,
  badTexts,
  formField,
  json,
  leaves,
  multipart,
  replaced,
  routeSchema,
  sample,
} from "../../test/bad-input.js";
import { buildWorld, type World } from "../../test/bad-input-world.js";
import { login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { signatureOf } from "../channels/cloud/webhook.routes.js";
import { API_PREFIX, listRoutes, type RouteEntry } from "./app.js";

interface Probe {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** Refused with 400 ERR_VALIDATION, not only "no 5xx": text that cannot be stored, a body of the wrong shape. */
  unstorable?: boolean;
}

let s: TestServer;
let world: World;
beforeAll(async () => {
  s = await startTestServer();
  world = await buildWorld(s);
});
afterAll(async () => {
  await s.close();
});

/** Routes that read their body themselves (JSON or a form), with what a valid one holds. */
const ownBodies: Record<string, () => object> = {
  "POST /api/messages/:ticketId": () => ({ body: "olá", quotedMsg: world.samples.ids.messageId }),
  "POST /api/messages/send": () => ({ number: "5511988887777", body: "olá" }),
  "POST /api/api/messages/send": () => ({ number: "5511988887777", body: "olá" }),
};

/** Routes that take no JSON body: nothing, a form or file only, or a raw body checked by signature. */
const noJsonBody = new Set([
  "POST /api/auth/refresh_token",
  "POST /api/forgetpassword/:email",
  "POST /api/resetpasswords/:email/:token/:newPassword",
  "POST /api/contacts/import",
  "POST /api/users/set-language/:lang",
  "POST /api/announcements/:id/media-upload",
  "POST /api/quick-messages/:id/media-upload",
  "POST /api/schedules/:id/media-upload",
  "POST /api/files/uploadList/:fileId",
  "POST /api/contact-lists/:id/upload",
  "POST /api/campaigns/:id/media-upload",
  "POST /api/campaigns/:id/cancel",
  "POST /api/queueIntegration/:id/secret",
  "POST /api/campaigns/:id/restart",
  "POST /api/queueIntegration/:id/deliveries/:deliveryId/resend",
  "POST /api/messages/:id/retry",
  "POST /api/messages/:id/transcribe",
  "POST /api/webhooks/whatsapp/:connectionId",
  "POST /api/whatsappsession/:id",
  "PUT /api/whatsappsession/:id",
  "POST /api/whatsapp/token",
  "PUT /api/ticket-tags/:ticketId/:tagId",
  "POST /api/flowbuilder/img",
  "POST /api/flowbuilder/audio",
  "POST /api/flowbuilder/content",
]);

/** Public routes that check a shared token in a header before reading the body (asaas-webhook.routes.ts). */
const callerCheckedFirst = new Set(["POST /api/payments/asaas/webhook"]);

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

/** Bodies that are JSON but not an object (issue 29 item 10): null, arrays and scalars. */
const jsonShapes = ["null", "[]", "[1]", "1", '"x"', "true"];

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
  // A route that reads a JSON body refuses these as invalid; one that takes none (a form, a signed raw body)
  // may ignore them, and one that checks its caller first answers that check.
  const readsJson = !noJsonBody.has(routeKey(route)) && !callerCheckedFirst.has(routeKey(route));
  for (const shape of jsonShapes) {
    const probe = { label: `JSON body ${shape}`, method: route.method, url, headers: json, payload: shape };
    probes.push({ ...probe, unstorable: readsJson });
  }
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

/** Meta's signature on the Cloud webhook's bodies: the walk's reach the delivery reader, as Meta's would. */
function signed(route: RouteEntry, probe: Probe): Record<string, string> {
  if (routeKey(route) !== "POST /api/webhooks/whatsapp/:connectionId" || probe.payload === undefined) return {};
  return { "x-hub-signature-256": signatureOf(Buffer.from(probe.payload), world.webhookSecret) };
}

/** What is wrong with the answer to `probe`, if anything. */
async function fault(route: RouteEntry, probe: Probe): Promise<string | undefined> {
  const res = await s.app
    .inject({
      method: probe.method as "GET",
      url: probe.url,
      headers: { authorization: `Bearer ${await tokenFor(route)}`, ...signed(route, probe), ...probe.headers },
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

const externalRoute = () => walkOrder().find((r) => routeKey(r) === "POST /api/messages/send")!;

/** API routes, the ones that remove rows last (the rest of the walk needs them). */
function walkOrder(): RouteEntry[] {
  const routes = listRoutes(s.app).filter(
    (r) => r.url.startsWith(`${API_PREFIX}/`) && !r.url.startsWith(`${API_PREFIX}/docs`) && r.method !== "HEAD",
  );
  const rank = (r: RouteEntry) => (r.method === "DELETE" ? 1 : 0);
  return routes.sort((a, b) => rank(a) - rank(b));
}

describe("bad input on every route", () => {
  it("knows a valid body for every route that takes one (so the walk reaches past validation)", () => {
    const unknown = walkOrder()
      .filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !routeSchema(r, "body"))
      .map(routeKey)
      .filter((key) => !ownBodies[key] && !noJsonBody.has(key));
    expect(unknown).toEqual([]);
  });

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

  it("reaches the external API's form reader: a malformed form is 400 ERR_VALIDATION, nothing sent", async () => {
    const malformed = ["multipart without boundary", "truncated multipart"];
    const forms = bodyProbes(externalRoute(), "").filter((p) => malformed.includes(p.label));
    const sentBefore = world.phone.sent.length;
    const answers: string[] = [];
    for (const url of ["/api/messages/send", "/api/api/messages/send"]) {
      for (const probe of forms) {
        const res = await s.app.inject({
          method: "POST",
          url,
          headers: { authorization: `Bearer ${world.apiToken}`, ...probe.headers },
          payload: probe.payload,
        });
        answers.push(`${url} ${probe.label}: ${res.statusCode} ${res.json<{ error: string }>().error}`);
      }
    }
    expect(answers).toEqual(
      ["/api/messages/send", "/api/api/messages/send"].flatMap((url) => [
        `${url} multipart without boundary: 400 ERR_VALIDATION`,
        `${url} truncated multipart: 400 ERR_VALIDATION`,
      ]),
    );
    expect(world.phone.sent.length).toBe(sentBefore);
  });
});
