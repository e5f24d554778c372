/**
 * What POST {host}/api/messages/send (business-areas §2.18, §7; SERVER-BEHAVIOUR
 * "External messages API") refuses, through a Cloud API connection: a bad
 * token, another company's data, an invalid number or body, a number without
 * WhatsApp, a stopped connection, a plan without the API, too many calls.
 * Each refusal stores and sends nothing.
 */
import { externalApiRateLimit, externalApiWrongTokenLimit, type ExternalSendResult } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildCloudConnection } from "../../../test/cloud-connection.js";
import { buildWhatsapp } from "../../../test/connections.js";
import { buildContact } from "../../../test/conversations.js";
import { externalApiFile, newNumber, newToken, png, SPEC_PATH } from "../../../test/external-api.js";
import { buildCompany, buildPlan, buildTenant } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { tickets } from "../../db/schema/index.js";

let s: TestServer;
let fake: FakeGraph;
const { apiConnection, sendJson, sendForm, sentTo, contactsOf, ticketsOf } = externalApiFile(
  (started) => ({ s, fake } = started),
);

describe("refusals", () => {
  it("answers 401 without a token, with a wrong one or with the empty token, and sends nothing", async () => {
    const { companyId } = await apiConnection();
    await buildWhatsapp(s, companyId, { token: "" });
    const number = newNumber();
    const body = { number, body: "Oi" };
    const calls = [
      sendJson(undefined, body),
      sendJson(newToken(), body),
      s.request({ method: "POST", path: SPEC_PATH, headers: { authorization: "Bearer " }, body }),
      s.request({ method: "POST", path: SPEC_PATH, headers: { authorization: "Basic abc" }, body }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
    }
    expect(sentTo(number)).toEqual([]);
    expect(await contactsOf(companyId)).toEqual([]);
  });

  it("refuses a file sent with a wrong token before uploading anything", async () => {
    await apiConnection();
    const uploads = fake.uploads.length;
    const number = newNumber();
    const res = await sendForm(newToken(), { number, body: "foto.png" }, png(sampleMedia.image.data));
    expect(res.statusCode).toBe(401);
    expect(fake.uploads).toHaveLength(uploads);
    expect(sentTo(number)).toEqual([]);
  });

  it("sends as the token's company only: another company's contact with the number is untouched", async () => {
    const a = await apiConnection();
    const b = await buildTenant(s);
    await buildCloudConnection(s, fake, b.company.id, { token: newToken() });
    const number = newNumber();
    const theirs = await buildContact(s, b.company.id, { number, name: "B's customer" });

    const res = (await sendJson(a.token, { number, body: "De A" })).json<ExternalSendResult>();

    const ticket = await s.ctx.db.query.tickets.findFirst({ where: eq(tickets.id, res.ticketId) });
    expect(ticket).toMatchObject({ companyId: a.companyId, whatsappId: a.connection.id });
    expect(await ticketsOf(b.company.id)).toEqual([]);
    expect(await contactsOf(b.company.id)).toMatchObject([{ id: theirs.id, name: "B's customer" }]);
    // The Graph API was called with A's number id only.
    expect(sentTo(number).map((x) => x.phoneNumberId)).toEqual([a.connection.cloudPhoneNumberId]);
  });

  it("answers ERR_VALIDATION for a missing or unusable number and body, storing and sending nothing", async () => {
    const { companyId, token } = await apiConnection();
    for (const body of [{ number: "123", body: "Oi" }, { body: "Oi" }, { number: newNumber(), body: "  " }, {}]) {
      const res = await sendJson(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect(await contactsOf(companyId)).toEqual([]);
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number without WhatsApp, storing and sending nothing", async () => {
    const { companyId, connection, token } = await apiConnection();
    vi.spyOn(s.ctx.channels.runningDriver(connection.id)!, "checkNumber").mockResolvedValue(null);
    const number = newNumber();
    const res = await sendJson(token, { number, body: "Oi" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect(await contactsOf(companyId)).toEqual([]);
    expect(sentTo(number)).toEqual([]);
  });

  it("answers ERR_WAPP_CHECK_CONTACT when the number check fails", async () => {
    const { connection, token } = await apiConnection();
    vi.spyOn(s.ctx.channels.runningDriver(connection.id)!, "checkNumber").mockRejectedValue(new Error("timeout"));
    const res = await sendJson(token, { number: newNumber(), body: "Oi" });
    expect(res.json()).toEqual({ error: "ERR_WAPP_CHECK_CONTACT" });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the token's connection is not running", async () => {
    const company = await buildCompany(s);
    const token = newToken();
    await buildWhatsapp(s, company.id, { provider: "cloud", token });
    const res = await sendJson(token, { number: newNumber(), body: "Oi" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
    expect(await contactsOf(company.id)).toEqual([]);
  });

  it("answers ERR_NO_PERMISSION when the company's plan lacks the external API", async () => {
    const plan = await buildPlan(s, { useExternalApi: false });
    const company = await buildCompany(s, { planId: plan.id });
    const { token } = await apiConnection(company.id);
    const number = newNumber();
    const res = await sendJson(token, { number, body: "Oi" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(sentTo(number)).toEqual([]);
  });

  it("refuses an inactive company and one whose subscription expired, as login does", async () => {
    const inactive = await buildCompany(s, { status: false });
    const expired = await buildCompany(s, { dueDate: "2020-01-01" });
    for (const [company, error] of [
      [inactive, "ERR_COMPANY_INACTIVE"],
      [expired, "ERR_SUBSCRIPTION_EXPIRED"],
    ] as const) {
      const { token } = await apiConnection(company.id);
      const number = newNumber();
      const res = await sendJson(token, { number, body: "Oi" });
      expect(res.json()).toMatchObject({ error });
      expect(sentTo(number)).toEqual([]);
    }
  });

  it(`limits a token to ${externalApiRateLimit} calls a minute; other tokens go on`, async () => {
    const { token: other } = await apiConnection();
    const { token: busy } = await apiConnection();
    const statuses = new Set<number>();
    for (let i = 0; i < externalApiRateLimit; i++) statuses.add((await sendJson(busy, { number: "1" })).statusCode);
    expect([...statuses]).toEqual([400]);
    const limited = await sendJson(busy, { number: newNumber(), body: "x" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect((await sendJson(other, { number: newNumber(), body: "Oi" })).statusCode).toBe(200);
  });

  it(`refuses a client address after ${externalApiWrongTokenLimit} wrong tokens a minute, whichever tokens it tries`, async () => {
    const { token } = await apiConnection();
    const from = (remoteAddress: string, bearer: string, number = newNumber()) =>
      s.app.inject({
        method: "POST",
        url: `/api${SPEC_PATH}`,
        remoteAddress,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { number, body: "Oi" },
      });
    const guesser = "203.0.113.77";
    const statuses = [];
    for (let i = 0; i <= externalApiWrongTokenLimit; i++) statuses.push((await from(guesser, newToken())).statusCode);
    expect(statuses).toEqual([...Array<number>(externalApiWrongTokenLimit).fill(401), 429]);
    // Even the right token: a guess that hit would otherwise still be answered.
    const number = newNumber();
    const refused = await from(guesser, token, number);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(sentTo(number)).toEqual([]);
    // Another address with the right token is served.
    expect((await from("203.0.113.78", token)).statusCode).toBe(200);
  });
});
