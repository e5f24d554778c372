/** Internal chats: the calls of business-areas §7, the owner rule (§6), membership and tenancy. */
import type { ChatDto } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, chatsOf, newChat, saveChat, say, usersOf } from "../../../test/chats.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const memberIds = (chat: ChatDto) => chat.users.map((u) => u.userId).sort((a, b) => a - b);
const ids = (...people: { id: number }[]) => people.map((p) => p.id).sort((a, b) => a - b);

describe("chats: create, show, list", () => {
  it("creates a chat owned by its creator, who is a member, with a uuid and nothing unread", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent], "  Escala  ");
    expect(chat).toMatchObject({ title: "Escala", ownerId: team.admin.id, lastMessage: "" });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(memberIds(chat)).toEqual(ids(team.admin, team.agent));
    expect(chat.users.find((u) => u.userId === team.agent.id)).toEqual({
      userId: team.agent.id,
      unreads: 0,
      user: { id: team.agent.id, name: team.agent.name },
    });
  });

  it("shows a chat by the uuid of its address (or its id) to its members", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    for (const key of [chat.uuid, String(chat.id)]) {
      const res = await s.request({ path: `/chats/${key}`, token: team.agent.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: chat.id, uuid: chat.uuid, title: chat.title });
    }
    const unknown = await s.request({ path: "/chats/7f1c3a52-8d0e-4c7b-9a59-2a3c8f0b1d11", token: team.agent.token });
    expect(unknown.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });

  it("lists only the caller's chats, the most recently active first, in pages of 20 from page 1", async () => {
    const team = await buildTeam(s);
    const made: ChatDto[] = [];
    for (let i = 0; i < 21; i++) made.push(await newChat(s, team.admin, [team.agent], `Conversa ${i}`));
    await newChat(s, team.admin, [team.outsider], "Sem o agente");
    await say(s, team.admin, made[0]!.id, "De volta ao topo");
    const first = await chatsOf(s, team.agent.token, "?pageNumber=1");
    expect(first.hasMore).toBe(true);
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toMatchObject({ id: made[0]!.id, lastMessage: "De volta ao topo" });
    expect(first.records[1]!.title).toBe("Conversa 20");
    const second = await chatsOf(s, team.agent.token, "?pageNumber=2");
    expect(second).toMatchObject({ hasMore: false });
    expect(second.records.map((c) => c.title)).toEqual(["Conversa 1"]);
    const all = [...first.records, ...second.records].map((c) => c.title);
    expect(all).not.toContain("Sem o agente");
    // The spec's client asks GET /chats/ (trailing slash); the search narrows by title.
    const found = await chatsOf(s, team.agent.token, "?searchParam=conversa 2");
    expect(found.records.map((c) => c.title).sort()).toEqual(["Conversa 2", "Conversa 20"]);
  });
});

describe("chats: who may save", () => {
  it("refuses a chat without a title or users, with ERR_VALIDATION, and stores nothing", async () => {
    const team = await buildTeam(s);
    for (const body of [
      { title: "", users: usersOf(team.agent) },
      { title: "   ", users: usersOf(team.agent) },
      { title: "Sem gente", users: [] },
      { title: "Sem gente" },
      { title: "x".repeat(101), users: usersOf(team.agent) },
    ]) {
      const res = await saveChat(s, team.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    expect((await chatsOf(s, team.admin.token)).records).toEqual([]);
  });

  it("refuses users of another company (or none at all) with ERR_NO_USER_FOUND, on create and on edit", async () => {
    const team = await buildTeam(s);
    const stranger = (await buildTenant(s)).agent;
    const created = await saveChat(s, team.admin.token, { title: "Mista", users: usersOf(team.agent, stranger) });
    expect(created.statusCode).toBe(404);
    expect(created.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    const ghost = await saveChat(s, team.admin.token, { title: "Fantasma", users: [{ id: 2_000_000_000, name: "?" }] });
    expect(ghost.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    expect((await chatsOf(s, team.admin.token)).records).toEqual([]);
    expect((await chatsOf(s, stranger.token)).records).toEqual([]);

    const chat = await newChat(s, team.admin, [team.agent]);
    const edited = await saveChat(s, team.admin.token, { title: "Mista", users: usersOf(stranger) }, chat.id);
    expect(edited.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    const kept = (await s.request({ path: `/chats/${chat.uuid}`, token: team.admin.token })).json<ChatDto>();
    expect(kept.title).toBe(chat.title);
    expect(memberIds(kept)).toEqual(ids(team.admin, team.agent));
  });

  it("lets only the owner edit: title and members change, the owner stays a member", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    const byMember = await saveChat(s, team.agent.token, { title: "Tomada", users: usersOf(team.agent) }, chat.id);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const res = await saveChat(s, team.admin.token, { title: "Escala nova", users: usersOf(team.outsider) }, chat.id);
    expect(res.statusCode).toBe(200);
    const saved = res.json<ChatDto>();
    expect(saved.title).toBe("Escala nova");
    expect(memberIds(saved)).toEqual(ids(team.admin, team.outsider));
    // The one taken out no longer reaches it; the one added does.
    expect((await s.request({ path: `/chats/${chat.uuid}`, token: team.agent.token })).statusCode).toBe(403);
    expect((await chatsOf(s, team.outsider.token)).records.map((c) => c.id)).toEqual([chat.id]);
  });

  it("lets only the owner delete; the chat and its messages are gone for everyone", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    await say(s, team.agent, chat.id, "Bom dia");
    const byMember = await s.request({ method: "DELETE", path: `/chats/${chat.id}`, token: team.agent.token });
    expect(byMember.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const byOwner = await s.request({ method: "DELETE", path: `/chats/${chat.id}`, token: team.admin.token });
    expect(byOwner.statusCode).toBe(204);
    for (const token of [team.admin.token, team.agent.token]) {
      expect((await chatsOf(s, token)).records).toEqual([]);
      const messages = await s.request({ path: `/chats/${chat.id}/messages`, token });
      expect(messages.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });
});

describe("chats: membership and tenancy", () => {
  it("keeps a chat from a colleague who is not a member: no show, messages, post, read, edit or delete", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    await say(s, team.admin, chat.id, "Só entre nós");
    for (const request of [
      { path: `/chats/${chat.uuid}` },
      { path: `/chats/${chat.id}/messages` },
      { method: "POST" as const, path: `/chats/${chat.id}/messages`, body: { message: "Posso entrar?" } },
      { method: "POST" as const, path: `/chats/${chat.id}/read`, body: { userId: team.outsider.id } },
      { method: "PUT" as const, path: `/chats/${chat.id}`, body: { title: "Minha", users: usersOf(team.outsider) } },
      { method: "DELETE" as const, path: `/chats/${chat.id}` },
    ]) {
      const res = await s.request({ ...request, token: team.outsider.token });
      expect(res.statusCode, request.path).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      expect(res.body).not.toContain("Só entre nós");
    }
    expect((await chatsOf(s, team.outsider.token)).records).toEqual([]);
    const messages = (await s.request({ path: `/chats/${chat.id}/messages`, token: team.agent.token })).json();
    expect(messages.records.map((m: { message: string }) => m.message)).toEqual(["Só entre nós"]);
  });

  it("never shows or changes another company's chat", async () => {
    const team = await buildTeam(s);
    const other = await buildTenant(s);
    const chat = await newChat(s, team.admin, [team.agent], "Segredo da empresa");
    await say(s, team.admin, chat.id, "Senha do cofre");
    const secrets = ["Segredo da empresa", "Senha do cofre"];
    await expectListIsolation(s, {
      path: "/chats/",
      ownerToken: team.admin.token,
      otherToken: other.admin.token,
      secrets,
    });
    for (const request of [
      { path: `/chats/${chat.uuid}` },
      { path: `/chats/${chat.id}/messages` },
      { method: "POST" as const, path: `/chats/${chat.id}/read`, body: {} },
      { method: "POST" as const, path: `/chats/${chat.id}/messages`, body: { message: "Oi" } },
      { method: "PUT" as const, path: `/chats/${chat.id}`, body: { title: "Segredo", users: usersOf(team.agent) } },
      { method: "DELETE" as const, path: `/chats/${chat.id}` },
    ]) {
      const { other: res } = await expectCompanyIsolation(s, {
        request,
        ownerToken: team.admin.token,
        otherToken: other.admin.token,
        secrets,
      });
      expect(res.json().error).toBe("ERR_NOT_FOUND");
    }
  });
});
