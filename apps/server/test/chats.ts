/**
 * Internal chats in tests: a company of three signed-in colleagues, chats
 * saved and messages written through the API as the chat page sends them.
 */
import type { ChatDto, ChatMessageDto } from "@balcao/contracts";
import { expect } from "vitest";
import { buildTenant, buildUser, login } from "./factories.js";
import type { TestServer } from "./harness.js";

type Person = { id: number; name: string; token: string };

/** A company with an admin, an agent and a third user who is left out of chats unless a test adds them. */
export async function buildTeam(s: TestServer) {
  const t = await buildTenant(s);
  const outsider = await buildUser(s, { companyId: t.company.id });
  return {
    company: t.company,
    admin: t.admin as Person,
    agent: t.agent as Person,
    outsider: { ...outsider, token: (await login(s, outsider.email)).token } as Person,
  };
}

/** The picker's users as the modal sends them: id and name. */
export const usersOf = (...people: { id: number; name: string }[]) => people.map(({ id, name }) => ({ id, name }));

export function saveChat(s: TestServer, token: string, body: object, id?: number) {
  return s.request({ method: id ? "PUT" : "POST", path: id ? `/chats/${id}` : "/chats", token, body });
}

export async function newChat(s: TestServer, owner: Person, members: Person[], title = "Plantão de sábado") {
  const res = await saveChat(s, owner.token, { title, users: usersOf(...members) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChatDto>();
}

export function postMessage(s: TestServer, token: string, chatId: number, message: unknown) {
  return s.request({ method: "POST", path: `/chats/${chatId}/messages`, token, body: { message } });
}

export async function say(s: TestServer, who: Person, chatId: number, message: string) {
  const res = await postMessage(s, who.token, chatId, message);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChatMessageDto>();
}

export async function chatsOf(s: TestServer, token: string, query = "") {
  const res = await s.request({ path: `/chats/${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ records: ChatDto[]; hasMore: boolean }>();
}
