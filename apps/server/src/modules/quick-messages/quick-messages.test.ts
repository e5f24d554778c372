/** /quick-messages (business-areas §2.7, §3, §7): visibility, edit rights, list shapes, realtime and isolation. */
import { channels, lookupListMax, type ChannelPayloads, type QuickMessageDto } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, buildUser, login } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

// What the spec's modal sends (business-areas §7), isMedia and mediaPath included.
const body = (extra: Record<string, unknown> = {}) => ({
  shortcode: "ola",
  message: "Olá {{firstName}}, {{ms}}!",
  geral: false,
  status: true,
  isMedia: true,
  mediaPath: "/etc/passwd",
  ...extra,
});
const create = (token: string, extra: Record<string, unknown> = {}) =>
  s.request({ method: "POST", path: "/quick-messages", token, body: body(extra) });
const page = async (token: string, query = "") =>
  (await s.request({ path: `/quick-messages?userId=1&companyId=1${query}`, token })).json<{
    records: QuickMessageDto[];
    hasMore: boolean;
    count: number;
  }>();
const shortcodes = (list: QuickMessageDto[]) => list.map((q) => q.shortcode);

describe("create and read", () => {
  it("creates one owned by the caller, without the media the body claims, and reads it back", async () => {
    const t = await buildTenant(s);
    const res = await create(t.agent.token, { companyId: 999, userId: t.admin.id });
    expect(res.statusCode).toBe(200);
    const q = res.json<QuickMessageDto>();
    expect(q).toMatchObject({
      id: expect.any(Number),
      shortcode: "ola",
      message: "Olá {{firstName}}, {{ms}}!",
      companyId: t.company.id,
      userId: t.agent.id,
      geral: false,
      status: true,
      isMedia: false,
      mediaPath: null,
      mediaName: null,
    });
    expect((await s.request({ path: `/quick-messages/${q.id}`, token: t.agent.token })).json()).toEqual(q);
    expect(await page(t.agent.token)).toEqual({ records: [q], hasMore: false, count: 1 });
  });

  it.each([
    ["an empty shortcode", { shortcode: "  " }],
    ["a missing shortcode", { shortcode: undefined }],
    ["a 101-character shortcode", { shortcode: "x".repeat(101) }],
  ])("refuses %s with ERR_VALIDATION", async (_label, extra) => {
    const t = await buildTenant(s);
    const res = await create(t.agent.token, extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
  });

  it("pages by shortcode, searches shortcode and message, and counts", async () => {
    const t = await buildTenant(s);
    for (let i = 0; i < 22; i++) await create(t.agent.token, { shortcode: `r${String(i).padStart(2, "0")}` });
    await create(t.agent.token, { shortcode: "pix", message: "Nossa chave PIX é 123" });
    const first = await page(t.agent.token, "&pageNumber=1");
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]!.shortcode).toBe("pix");
    const second = await page(t.agent.token, "&pageNumber=2");
    expect(second.hasMore).toBe(false);
    expect(shortcodes(second.records)).toEqual(["r19", "r20", "r21"]);
    expect(shortcodes((await page(t.agent.token, "&searchParam=chave%20pix")).records)).toEqual(["pix"]);
    expect(shortcodes((await page(t.agent.token, "&searchParam=R2")).records)).toEqual(["r20", "r21"]);
  });

  it("gives the message input at most 50, those whose shortcode has the text typed (searchParam)", async () => {
    const t = await buildTenant(s);
    for (let i = 0; i < lookupListMax + 5; i++) await create(t.agent.token, { shortcode: `atalho${i}` });
    await create(t.agent.token, { shortcode: "pix", message: "Nossa chave PIX é 123" });
    const suggestions = (query: string) =>
      s.request({ path: `/quick-messages/list?companyId=1&userId=1${query}`, token: t.agent.token });
    expect((await suggestions("")).json()).toHaveLength(lookupListMax);
    expect(shortcodes((await suggestions("&searchParam=PI")).json<QuickMessageDto[]>())).toEqual(["pix"]);
  });
});

describe("who sees and edits what", () => {
  it("shows a user their own and the shared ones; the message input gets only the active ones", async () => {
    const t = await buildTenant(s);
    const colleague = await buildUser(s, { companyId: t.company.id });
    const colleagueToken = (await login(s, colleague.email)).token;
    await create(t.agent.token, { shortcode: "minha" });
    await create(t.agent.token, { shortcode: "inativa", status: false });
    const privateOne = (await create(colleagueToken, { shortcode: "privada" })).json<QuickMessageDto>();
    await create(colleagueToken, { shortcode: "geral", geral: true });

    expect(shortcodes((await page(t.agent.token)).records)).toEqual(["geral", "inativa", "minha"]);
    const list = await s.request({
      path: `/quick-messages/list?companyId=1&userId=${colleague.id}`,
      token: t.agent.token,
    });
    expect(shortcodes(list.json<QuickMessageDto[]>())).toEqual(["geral", "minha"]);
    // Another user's private one does not exist for the agent, nor for an admin.
    for (const token of [t.agent.token, t.admin.token]) {
      const res = await s.request({ path: `/quick-messages/${privateOne.id}`, token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("ERR_NOT_FOUND");
    }
  });

  it("lets the owner edit and delete; a shared one also by an admin, not by another agent", async () => {
    const t = await buildTenant(s);
    const colleague = await buildUser(s, { companyId: t.company.id });
    const colleagueToken = (await login(s, colleague.email)).token;
    const shared = (await create(t.agent.token, { shortcode: "geral", geral: true })).json<QuickMessageDto>();
    const put = (token: string, extra: Record<string, unknown>) =>
      s.request({
        method: "PUT",
        path: `/quick-messages/${shared.id}`,
        token,
        body: body({ geral: undefined, ...extra }),
      });

    const refused = await put(colleagueToken, { shortcode: "roubada" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("ERR_NO_PERMISSION");
    const del = await s.request({ method: "DELETE", path: `/quick-messages/${shared.id}`, token: colleagueToken });
    expect(del.json().error).toBe("ERR_NO_PERMISSION");

    const byOwner = await put(t.agent.token, { shortcode: "geral2", message: "novo", status: false });
    expect(byOwner.json()).toMatchObject({ shortcode: "geral2", message: "novo", status: false, geral: true });
    const byAdmin = await put(t.admin.token, { shortcode: "geral3" });
    expect(byAdmin.json()).toMatchObject({ shortcode: "geral3", userId: t.agent.id, geral: true });
    const gone = await s.request({ method: "DELETE", path: `/quick-messages/${shared.id}`, token: t.admin.token });
    expect(gone.statusCode).toBe(200);
    expect((await page(t.agent.token)).count).toBe(0);
  });
});

describe("realtime and isolation", () => {
  it("sends a shared one's create, update and delete on company{id}-quickemessage to that company only", async () => {
    const t = await buildTenant(s);
    const other = await buildTenant(s);
    const mine = await connectSocket(s, t.admin.token);
    const theirs = await connectSocket(s, other.admin.token);
    const seen = record<ChannelPayloads["quickMessage"]>(mine, channels.quickMessage(t.company.id));
    const leaked = [t.company.id, other.company.id].map((id) => record(theirs, channels.quickMessage(id)));
    const q = (await create(t.agent.token, { geral: true })).json<QuickMessageDto>();
    await s.request({
      method: "PUT",
      path: `/quick-messages/${q.id}`,
      token: t.agent.token,
      body: body({ shortcode: "oi", geral: true }),
    });
    await s.request({ method: "DELETE", path: `/quick-messages/${q.id}`, token: t.agent.token });
    await flush(s, mine);
    await flush(s, theirs);
    expect(seen.map((e) => [e.action, e.record?.shortcode ?? e.id])).toEqual([
      ["create", "ola"],
      ["update", "oi"],
      ["delete", q.id],
    ]);
    expect(channels.quickMessage(t.company.id)).toBe(`company${t.company.id}-quickemessage`);
    for (const got of leaked) expect(got).toEqual([]);
  });

  it("keeps a private one to its owner's sockets; a shared one reaches colleagues, and leaves them when unshared", async () => {
    const t = await buildTenant(s);
    const ownerSocket = await connectSocket(s, t.agent.token);
    const colleagueSocket = await connectSocket(s, t.admin.token);
    const event = channels.quickMessage(t.company.id);
    const ownerSeen = record<ChannelPayloads["quickMessage"]>(ownerSocket, event);
    const colleagueSeen = record<ChannelPayloads["quickMessage"]>(colleagueSocket, event);
    const privateOne = (await create(t.agent.token, { shortcode: "so-minha" })).json<QuickMessageDto>();
    const shared = (await create(t.agent.token, { shortcode: "de-todos", geral: true })).json<QuickMessageDto>();
    const put = (extra: Record<string, unknown>) =>
      s.request({ method: "PUT", path: `/quick-messages/${shared.id}`, token: t.agent.token, body: body(extra) });
    await put({ shortcode: "de-todos", geral: false });
    await s.request({ method: "DELETE", path: `/quick-messages/${privateOne.id}`, token: t.agent.token });
    await flush(s, ownerSocket);
    await flush(s, colleagueSocket);
    const summary = (list: ChannelPayloads["quickMessage"][]) =>
      list.map((e) => [e.action, e.record?.shortcode ?? e.id, e.record?.geral]);
    expect(summary(colleagueSeen)).toEqual([
      ["create", "de-todos", true],
      ["delete", shared.id, undefined],
    ]);
    expect(summary(ownerSeen)).toEqual([
      ["create", "so-minha", false],
      ["create", "de-todos", true],
      ["delete", shared.id, undefined],
      ["update", "de-todos", false],
      ["delete", privateOne.id, undefined],
    ]);
  });

  it("never shows or changes another company's quick message", async () => {
    const owner = await buildTenant(s);
    const other = await buildTenant(s);
    const q = (await create(owner.agent.token, { shortcode: "segredo", geral: true })).json<QuickMessageDto>();
    const secrets = ["segredo"];
    await expectListIsolation(s, {
      path: "/quick-messages",
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
      secrets,
    });
    await expectListIsolation(s, {
      path: "/quick-messages/list",
      ownerToken: owner.admin.token,
      otherToken: other.admin.token,
      secrets,
    });
    for (const request of [
      { path: `/quick-messages/${q.id}` },
      { method: "PUT" as const, path: `/quick-messages/${q.id}`, body: body({ shortcode: "segredo", geral: true }) },
      { method: "DELETE" as const, path: `/quick-messages/${q.id}/media-upload` },
      { method: "DELETE" as const, path: `/quick-messages/${q.id}` },
    ]) {
      const { other: res } = await expectCompanyIsolation(s, {
        request,
        ownerToken: owner.agent.token,
        otherToken: other.admin.token,
        secrets,
      });
      expect(res.json().error).toBe("ERR_NOT_FOUND");
    }
  });
});
