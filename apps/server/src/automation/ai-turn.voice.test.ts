/** Voice notes on tickets the AI answers, and "Transcrever" for agents (issue 17 item 5). */
import { channels, type ChannelPayloads } from "@balcao/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../db/schema/index.js";
import { aiScene, apiKey, useAiWorld } from "../../test/ai-scene.js";
import { buildTenant } from "../../test/factories.js";
import { connectSocket, joinRoom, record, until } from "../../test/sockets.js";

const w = useAiWorld();

describe("voice notes", () => {
  it("a voice note on a ticket the AI answers is transcribed, stored on the message and fed to the AI", async () => {
    const c = await aiScene(w);
    w.ai.transcription = { text: "Qual o preço do pão de queijo?" };
    w.ai.reply({ text: "R$ 2,50 cada!" });
    const before = c.received().length;
    await w.graph.customerMessage({
      phoneNumberId: c.connection.cloudPhoneNumberId,
      ...c.customer,
      audio: { voice: true },
    });
    await w.graph.waitForSent(before + 1, c.customer.from, 10_000);
    expect(c.received()).toEqual(["R$ 2,50 cada!"]);
    const [transcription] = w.ai.transcriptions();
    expect(transcription!.authorization).toBe(`Bearer ${apiKey}`);
    expect(transcription!.fields.model).toBe("whisper-1");
    expect(transcription!.file!.bytes.length).toBeGreaterThan(0);
    expect(w.ai.chats()[0]!.body!.messages.at(-1)).toEqual({ role: "user", content: "Qual o preço do pão de queijo?" });
    const [audio] = await w.s.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, (await c.ticket()).id), eq(messages.mediaType, "audio")));
    expect(audio!.transcription).toBe("Qual o preço do pão de queijo?");
  });

  it("'Transcrever': an agent transcribes an audio message of a ticket whose connection has a prompt; no prompt, no transcription", async () => {
    const c = await aiScene(w);
    w.ai.transcription = { text: "mensagem de voz" };
    await c.says("Oi");
    const ticket = await c.ticket();
    // Taken by an agent: the AI stops, but the connection's prompt still transcribes for agents.
    await w.s.request({
      method: "PUT",
      path: `/tickets/${ticket.id}`,
      token: c.tenant.admin.token,
      body: { status: "open", userId: c.tenant.admin.id },
    });
    await w.graph.customerMessage({ phoneNumberId: c.connection.cloudPhoneNumberId, ...c.customer, audio: {} });
    let audioId = 0;
    await until(async () => {
      const [row] = await w.s.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.mediaType, "audio")));
      audioId = row?.id ?? 0;
      return audioId > 0 && row!.mediaPath !== null;
    }, 8_000);
    expect(w.ai.transcriptions()).toHaveLength(0);
    // The agent's open conversation hears the transcript with the message's update.
    const box = await connectSocket(w.s, c.tenant.admin.token);
    await joinRoom(box, "joinChatBox", ticket.id);
    const updates = record<ChannelPayloads["appMessage"]>(box, channels.appMessage(c.tenant.company.id));
    const res = await w.s.request({
      method: "POST",
      path: `/messages/${audioId}/transcribe`,
      token: c.tenant.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: audioId, transcription: "mensagem de voz" });
    await until(() => updates.some((e) => e.action === "update" && e.message.transcription === "mensagem de voz"));
    const text = (await w.s.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).find(
      (m) => m.mediaType === "chat",
    )!;
    const notAudio = await w.s.request({
      method: "POST",
      path: `/messages/${text.id}/transcribe`,
      token: c.tenant.admin.token,
    });
    expect(notAudio.json()).toMatchObject({ error: "ERR_TRANSCRIPTION_UNAVAILABLE" });
    // Another company's message does not exist for this one.
    const other = await buildTenant(w.s);
    const foreign = await w.s.request({
      method: "POST",
      path: `/messages/${audioId}/transcribe`,
      token: other.admin.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
