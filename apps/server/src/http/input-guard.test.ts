/**
 * Bad input answered at the edge (issue 19 item 4), one case of each kind as
 * a client would meet it; bad-input.test.ts walks every route with them all.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, quickMessages, tags } from "../db/schema/index.js";
import { buildContact } from "../../test/conversations.js";
import { buildTenant } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

let s: TestServer;
let t: Awaited<ReturnType<typeof buildTenant>>;
beforeAll(async () => {
  s = await startTestServer();
  t = await buildTenant(s);
});
afterAll(async () => {
  await s.close();
});

const answer = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];

describe("text PostgreSQL cannot store", () => {
  it("a NUL deep inside a jsonb field: 400 ERR_VALIDATION naming it, and the contact unchanged", async () => {
    const contact = await buildContact(s, t.company.id);
    const res = await s.request({
      method: "PUT",
      path: `/contacts/${contact.id}`,
      token: t.admin.token,
      body: { name: "Novo nome", number: contact.number, extraInfo: [{ name: "cpf", value: "12\u00003" }] },
    });
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { field: "body.extraInfo.0.value" } }]);
    const [row] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.name).toBe(contact.name);
  });

  it("a lone surrogate in a tag's name: 400 ERR_VALIDATION, and no tag", async () => {
    const name = `Tag \ud800 ${Date.now()}`;
    const res = await s.request({ method: "POST", path: "/tags", token: t.admin.token, body: { name } });
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { field: "body.name" } }]);
    expect(await s.ctx.db.select().from(tags).where(eq(tags.companyId, t.company.id))).toEqual([]);
  });

  it("a NUL in a query parameter: 400 ERR_VALIDATION", async () => {
    const res = await s.request({ path: "/contacts?searchParam=a%00b", token: t.admin.token });
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { field: "query.searchParam" } }]);
  });

  it("a body nested far deeper than any form: refused, not a crash", async () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const res = await s.request({
      method: "POST",
      path: "/tags",
      token: t.admin.token,
      headers: { "content-type": "application/json" },
      body: `{"name":"Deep tag","extra":${deep}}`,
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("ids and numbers past the integer columns", () => {
  it.each([
    ["a path id", "GET", "/tickets/2147483648", undefined],
    ["a path id of 2^53", "GET", "/contacts/9007199254740992", undefined],
    ["a page number", "GET", "/contacts?pageNumber=2147483648", undefined],
    ["an id in a body list", "POST", "/announcements/seen", { ids: [2147483648] }],
    ["an id in a body", "POST", "/tickets", { contactId: 2147483648 }],
  ] as const)("%s: 400 ERR_VALIDATION", async (_, method, path, body) => {
    const res = await s.request({ method, path, token: t.admin.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

describe("Fastify's own refusals answer catalogue codes", () => {
  const get = (url: string) => s.app.inject({ url, headers: { authorization: `Bearer ${t.admin.token}` } });

  it("a malformed %-escape in the path", async () => {
    expect(answer(await get("/api/tags/%E0%A4%A"))).toEqual([400, { error: "ERR_VALIDATION" }]);
  });

  it("a path parameter over 100 characters", async () => {
    expect(answer(await get(`/api/tags/${"1".repeat(101)}`))).toEqual([414, { error: "ERR_VALIDATION" }]);
  });

  it("a body over the limit", async () => {
    const res = await s.request({
      method: "POST",
      path: "/tags",
      token: t.admin.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(answer(res)).toEqual([413, { error: "ERR_PAYLOAD_TOO_LARGE" }]);
  });
});

describe("malformed multipart on an upload", () => {
  const upload = async (contentType: string, payload: string) => {
    const created = await s.request({
      method: "POST",
      path: "/quick-messages",
      token: t.admin.token,
      body: { shortcode: `m${Date.now()}`, message: "oi" },
    });
    const id = created.json<{ id: number }>().id;
    const res = await s.request({
      method: "POST",
      path: `/quick-messages/${id}/media-upload`,
      token: t.admin.token,
      headers: { "content-type": contentType },
      body: payload,
    });
    const [row] = await s.ctx.db.select().from(quickMessages).where(eq(quickMessages.id, id));
    return { res, mediaPath: row!.mediaPath };
  };
  const filePart = 'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n';

  it("without a boundary: 400 ERR_VALIDATION, nothing kept", async () => {
    const { res, mediaPath } = await upload("multipart/form-data", `--x\r\n${filePart}oi\r\n--x--\r\n`);
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { form: "malformed" } }]);
    expect(mediaPath).toBeNull();
  });

  it("cut off in the middle of a file: 400 ERR_VALIDATION, nothing kept", async () => {
    const { res, mediaPath } = await upload("multipart/form-data; boundary=x", `--x\r\n${filePart}oi`);
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { form: "malformed" } }]);
    expect(mediaPath).toBeNull();
  });

  it("a NUL in a file's name: 400 ERR_VALIDATION, nothing kept", async () => {
    const part = filePart.replace("a.txt", "a\u0000.txt");
    const { res, mediaPath } = await upload("multipart/form-data; boundary=x", `--x\r\n${part}oi\r\n--x--\r\n`);
    expect(answer(res)).toEqual([400, { error: "ERR_VALIDATION", details: { field: "file" } }]);
    expect(mediaPath).toBeNull();
  });
});
