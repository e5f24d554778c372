/** A chat's messages (business-areas §2.15, §5, §7): writing, pages, unread counts and marking read. */
import { unreadsOf, type ChatDto } from "@balcao/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, chatsOf, newChat, postMessage, say } from "../../../test/chats.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const messagesOf = async (token: string, chatId: number, pageNumber?: number) => {
  const res = await s.request({
    path: `/chats/${chatId}/messages${pageNumber ? `?pageNumber=${pageNumber}` : ""}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ records: { message: string; sender: { name: string } }[]; hasMore: boolean }>();
};
const listed = async (token: string, chatId: number) =>
  (await chatsOf(s, token)).records.find((c) => c.id === chatId) as ChatDto;

describe("chat messages", () => {
  it("stores a member's message with its sender and makes it the chat's last message", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    const sent = await say(s, team.agent, chat.id, "  Cheguei\nno plantão  ");
    expect(sent).toMatchObject({
      chatId: chat.id,
      senderId: team.agent.id,
      sender: { id: team.agent.id, name: team.agent.name },
      message: "Cheguei\nno plantão",
    });
    const shown = await listed(team.admin.token, chat.id);
    expect(shown.lastMessage).toBe("Cheguei\nno plantão");
    expect(Date.parse(shown.updatedAt)).toBe(Date.parse(sent.createdAt));
  });

  it("refuses an empty or blank message with ERR_VALIDATION and stores nothing", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    for (const message of ["", "   ", "\n\t \n", undefined, 12]) {
      const res = await postMessage(s, team.agent.token, chat.id, message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json().error).toBe("ERR_VALIDATION");
    }
    expect((await messagesOf(team.admin.token, chat.id)).records).toEqual([]);
    const shown = await listed(team.admin.token, chat.id);
    expect(shown.lastMessage).toBe("");
    expect(unreadsOf(shown, team.admin.id)).toBe(0);
  });

  it("pages the newest 20 first, each page oldest first, older pages when asked", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    for (let i = 1; i <= 25; i++) await say(s, i % 2 ? team.admin : team.agent, chat.id, `Mensagem ${i}`);
    const newest = await messagesOf(team.agent.token, chat.id);
    expect(newest.hasMore).toBe(true);
    expect(newest.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `Mensagem ${i + 6}`));
    expect(newest.records[0]!.sender.name).toBe(team.agent.name);
    const older = await messagesOf(team.agent.token, chat.id, 2);
    expect(older).toMatchObject({ hasMore: false });
    expect(older.records.map((m) => m.message)).toEqual([
      "Mensagem 1",
      "Mensagem 2",
      "Mensagem 3",
      "Mensagem 4",
      "Mensagem 5",
    ]);
  });
});

describe("chat unread counts", () => {
  it("counts a message as unread for every other member, not for its sender", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent, team.outsider]);
    await say(s, team.admin, chat.id, "Reunião às 15h");
    await say(s, team.admin, chat.id, "Na sala 2");
    await say(s, team.agent, chat.id, "Ok");
    const shown = await listed(team.outsider.token, chat.id);
    expect(unreadsOf(shown, team.admin.id)).toBe(1);
    expect(unreadsOf(shown, team.agent.id)).toBe(2);
    expect(unreadsOf(shown, team.outsider.id)).toBe(3);
  });

  it("zeroes only the caller's count on POST read, whatever userId the body names", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    await say(s, team.admin, chat.id, "Tem cliente esperando");
    await say(s, team.agent, chat.id, "Já vou");
    const res = await s.request({
      method: "POST",
      path: `/chats/${chat.id}/read`,
      token: team.agent.token,
      body: { userId: team.admin.id },
    });
    expect(res.statusCode).toBe(200);
    expect(unreadsOf(res.json<ChatDto>(), team.agent.id)).toBe(0);
    const shown = await listed(team.admin.token, chat.id);
    expect(unreadsOf(shown, team.agent.id)).toBe(0);
    expect(unreadsOf(shown, team.admin.id)).toBe(1);
  });

  it("starts a member added by an edit at 0 and keeps the others' counts", async () => {
    const team = await buildTeam(s);
    const chat = await newChat(s, team.admin, [team.agent]);
    await say(s, team.admin, chat.id, "Antes de você chegar");
    const res = await s.request({
      method: "PUT",
      path: `/chats/${chat.id}`,
      token: team.admin.token,
      body: { title: chat.title, users: [team.agent, team.outsider].map(({ id, name }) => ({ id, name })) },
    });
    const saved = res.json<ChatDto>();
    expect(unreadsOf(saved, team.outsider.id)).toBe(0);
    expect(unreadsOf(saved, team.agent.id)).toBe(1);
    // The new member reads the history from before they joined.
    expect((await messagesOf(team.outsider.token, chat.id)).records.map((m) => m.message)).toEqual([
      "Antes de você chegar",
    ]);
  });
});
