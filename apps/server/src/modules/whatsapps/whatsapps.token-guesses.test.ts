/**
 * No company learns another's external API token (issue 29 item 8): the
 * connection form tells whether a token exists (409
 * ERR_WAPP_TOKEN_ALREADY_EXISTS) no faster than the external API does. Saves
 * that set a new token draw on the same externalApiWrongTokenLimit a minute
 * per client address as the API's wrong bearers; tokens come from the server
 * (POST /whatsapp/token) or are typed at the same 32+ characters; tokens
 * stored before that rule keep working at the API.
 */
import { externalApiWrongTokenLimit, whatsappLimits, whatsappTokenSchema, type WhatsappDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { connectionBody } from "../../../test/connections.js";
import { externalApiFile, newNumber, newToken, SPEC_PATH } from "../../../test/external-api.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { buildCloudConnection } from "../../../test/cloud-connection.js";

let s: TestServer;
let fake: FakeGraph;
const { apiConnection, sendJson } = externalApiFile((started) => ({ s, fake } = started));

let lastAddress = 0;
/** A client address no other test of the file used: each test has its own count. */
const freshAddress = () => `203.0.113.${++lastAddress}`;

/** An agent's company saving its connection from `address`, as the modal does. */
async function prober(address: string) {
  const t = await buildTenant(s);
  const inject = (method: "POST" | "PUT", url: string, payload?: object) =>
    s.app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: address,
      headers: { authorization: `Bearer ${t.admin.token}` },
      ...(payload ? { payload } : {}),
    });
  const created = (await inject("POST", "/whatsapp", connectionBody({ name: "Sonda" }))).json<WhatsappDto>();
  return {
    save: (extra: Record<string, unknown>) =>
      inject("PUT", `/whatsapp/${created.id}`, connectionBody({ name: "Sonda", isDefault: undefined, ...extra })),
    generate: () => inject("POST", "/whatsapp/token"),
  };
}

const wrongBearer = (address: string) =>
  s.app.inject({
    method: "POST",
    url: `/api${SPEC_PATH}`,
    remoteAddress: address,
    headers: { authorization: `Bearer ${newToken()}` },
    payload: { number: newNumber(), body: "Oi" },
  });

describe("the connection form as a token oracle", () => {
  it(`answers 429 after ${externalApiWrongTokenLimit} token saves a minute from one address, even for another company's token`, async () => {
    const victim = await apiConnection();
    const address = freshAddress();
    const probe = await prober(address);
    for (let i = 0; i < externalApiWrongTokenLimit; i++)
      expect((await probe.save({ token: newToken() })).statusCode).toBe(200);
    const hit = await probe.save({ token: victim.token });
    expect(hit.statusCode).toBe(429);
    expect(hit.json()).toEqual({ error: "ERR_TOO_MANY_REQUESTS" });
    expect(Number(hit.headers["retry-after"])).toBeGreaterThan(0);
    // The external API from that address is spent too, and another address saves as before.
    expect((await wrongBearer(address)).statusCode).toBe(429);
    const elsewhere = await prober(freshAddress());
    expect((await elsewhere.save({ token: victim.token })).json()).toEqual({ error: "ERR_WAPP_TOKEN_ALREADY_EXISTS" });
  });

  it("counts the form's saves and the API's wrong bearers together", async () => {
    const address = freshAddress();
    const half = externalApiWrongTokenLimit / 2;
    for (let i = 0; i < half; i++) expect((await wrongBearer(address)).statusCode).toBe(401);
    const probe = await prober(address);
    for (let i = 0; i < half; i++) expect((await probe.save({ token: newToken() })).statusCode).toBe(200);
    expect((await probe.save({ token: newToken() })).statusCode).toBe(429);
  });

  it("does not count saves that leave the token as it is, leave it out or empty it", async () => {
    const probe = await prober(freshAddress());
    const token = newToken();
    expect((await probe.save({ token })).statusCode).toBe(200);
    for (let i = 0; i < externalApiWrongTokenLimit; i++) {
      expect((await probe.save({ token, greetingMessage: `Olá ${i}` })).statusCode).toBe(200);
      expect((await probe.save({ token: undefined, greetingMessage: `Oi ${i}` })).statusCode).toBe(200);
    }
    for (let i = 0; i < externalApiWrongTokenLimit; i++) expect((await probe.save({ token: "" })).statusCode).toBe(200);
  });
});

describe("where tokens come from", () => {
  it("POST /whatsapp/token answers a fresh random token of 32+ characters that a save takes", async () => {
    const probe = await prober(freshAddress());
    const tokens = await Promise.all([probe.generate(), probe.generate()]);
    const [a, b] = tokens.map((res) => res.json<{ token: string }>().token);
    expect(tokens.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(a!.length).toBeGreaterThanOrEqual(whatsappLimits.tokenMin);
    expect(a).not.toBe(b);
    expect(whatsappTokenSchema.safeParse(a).success).toBe(true);
    expect((await probe.save({ token: a })).json<WhatsappDto>().token).toBe(a);
  });

  it("holds typed tokens to 32+ characters, while a shorter token stored earlier keeps working at the API", async () => {
    const probe = await prober(freshAddress());
    const short = "legacy-token-0123456789";
    const refused = await probe.save({ token: short });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
    // Saved before the rule (straight in the database): its integration is not locked out.
    const t = await buildTenant(s);
    await buildCloudConnection(s, fake, t.company.id, { token: short, isDefault: true });
    const sent = await sendJson(short, { number: newNumber(), body: "Olá" });
    expect(sent.statusCode).toBe(200);
  });
});
