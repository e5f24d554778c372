/**
 * Internal chat realtime (business-areas §4, core-platform §7.9) over real
 * sockets: events reach the chat's members only, follow edits of who is a
 * member, and a delete reaches every member.
 */
import { channels, keyedChannels, unreadsOf, type ChannelPayloads, type KeyedChannelPayloads } from "@balcao/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, newChat, saveChat, say, usersOf } from "../../../test/chats.js";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { closeAllSockets, connectSocket, flush, record } from "../../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

type ChatEvent = ChannelPayloads["chat"];
type ListEvent = KeyedChannelPayloads["chatUser"];
type RoomEvent = KeyedChannelPayloads["chatMessages"];

/** Every chat event a socket receives (any company-…-chat… name), and every payload that carries `text`. */
function chatTraffic(socket: Socket, text = "\u0000none") {
  const got: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (/-chat/.test(event) || JSON.stringify(payload ?? null).includes(text)) got.push({ event, payload });
  });
  return got;
}

async function settle(...sockets: Socket[]) {
  for (const socket of sockets) await flush(s, socket);
}

async function teamOnline() {
  const team = await buildTeam(s);
  const [admin, agent, outsider] = await Promise.all(
    [team.admin, team.agent, team.outsider].map((p) => connectSocket(s, p.token)),
  );
  return { team, admin: admin!, agent: agent!, outsider: outsider! };
}

describe("chat realtime", () => {
  it("sends a new message to the members' sockets only: not to a colleague outside the chat, nor another company", async () => {
    const { team, admin, agent, outsider } = await teamOnline();
    const stranger = await connectSocket(s, (await buildTenant(s)).admin.token);
    const chat = await newChat(s, team.admin, [team.agent]);
    // The create is on its way: only what the message sends is counted.
    await settle(admin, agent);
    const companyId = team.company.id;
    const inRoom = record<RoomEvent>(agent, keyedChannels.chatMessages(companyId, chat.id));
    const onCompanyChannel = record<ChatEvent>(agent, channels.chat(companyId));
    const agentList = record<ListEvent>(agent, keyedChannels.chatUser(companyId, team.agent.id));
    const adminList = record<ListEvent>(admin, keyedChannels.chatUser(companyId, team.admin.id));
    const outsiderGot = chatTraffic(outsider, "VIP");
    const strangerGot = chatTraffic(stranger, "VIP");

    const sent = await say(s, team.admin, chat.id, "Cliente VIP na linha 3");
    await settle(admin, agent, outsider, stranger);

    expect(inRoom).toHaveLength(1);
    expect(inRoom[0]).toMatchObject({ action: "new-message", newMessage: sent, chat: { id: chat.id } });
    expect(onCompanyChannel).toEqual([inRoom[0]]);
    expect(agentList.map((e) => [e.action, e.record.lastMessage, unreadsOf(e.record, team.agent.id)])).toEqual([
      ["update", "Cliente VIP na linha 3", 1],
    ]);
    expect(adminList.map((e) => e.action)).toEqual(["update"]);
    // Nothing of it on the wire to anyone else, under any event name.
    expect(outsiderGot).toEqual([]);
    expect(strangerGot).toEqual([]);
  });

  it("tells each member's list of a new chat, and of a read only the reader", async () => {
    const { team, admin, agent, outsider } = await teamOnline();
    const companyId = team.company.id;
    const adminList = record<ListEvent>(admin, keyedChannels.chatUser(companyId, team.admin.id));
    const agentList = record<ListEvent>(agent, keyedChannels.chatUser(companyId, team.agent.id));
    const outsiderGot = chatTraffic(outsider);
    const chat = await newChat(s, team.admin, [team.agent]);
    await say(s, team.admin, chat.id, "Bom dia");
    await s.request({ method: "POST", path: `/chats/${chat.id}/read`, token: team.agent.token, body: {} });
    await settle(admin, agent, outsider);
    expect(adminList.map((e) => [e.action, e.record.id])).toEqual([
      ["create", chat.id],
      ["update", chat.id],
    ]);
    expect(agentList.map((e) => [e.action, unreadsOf(e.record, team.agent.id)])).toEqual([
      ["create", 0],
      ["update", 1],
      ["update", 0],
    ]);
    expect(outsiderGot).toEqual([]);
  });

  it("follows an edit: the one taken out is told to drop it and hears no more, the one added hears what follows", async () => {
    const { team, admin, agent, outsider } = await teamOnline();
    const companyId = team.company.id;
    const chat = await newChat(s, team.admin, [team.agent]);
    await settle(agent, outsider);
    const agentChat = record<ChatEvent>(agent, channels.chat(companyId));
    const agentRoom = record<RoomEvent>(agent, keyedChannels.chatMessages(companyId, chat.id));
    const outsiderList = record<ListEvent>(outsider, keyedChannels.chatUser(companyId, team.outsider.id));
    const outsiderRoom = record<RoomEvent>(outsider, keyedChannels.chatMessages(companyId, chat.id));

    const edit = await saveChat(s, team.admin.token, { title: "Nova escala", users: usersOf(team.outsider) }, chat.id);
    expect(edit.statusCode).toBe(200);
    await say(s, team.admin, chat.id, "Agora sem o agente");
    await settle(admin, agent, outsider);

    expect(agentChat).toEqual([{ action: "delete", id: chat.id }]);
    expect(agentRoom).toEqual([]);
    expect(outsiderList.map((e) => [e.action, e.record.title])).toEqual([
      ["update", "Nova escala"],
      ["update", "Nova escala"],
    ]);
    expect(outsiderRoom.map((e) => [e.action, e.newMessage?.message])).toEqual([
      ["update", undefined],
      ["new-message", "Agora sem o agente"],
    ]);
  });

  it("sends a delete with the id to every member, and to nobody else", async () => {
    const { team, admin, agent, outsider } = await teamOnline();
    const companyId = team.company.id;
    const chat = await newChat(s, team.admin, [team.agent]);
    const seenBy = [admin, agent, outsider].map((socket) => record<ChatEvent>(socket, channels.chat(companyId)));
    const res = await s.request({ method: "DELETE", path: `/chats/${chat.id}`, token: team.admin.token });
    expect(res.statusCode).toBe(204);
    await settle(admin, agent, outsider);
    expect(seenBy).toEqual([[{ action: "delete", id: chat.id }], [{ action: "delete", id: chat.id }], []]);
  });
});
