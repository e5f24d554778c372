/**
 * An openai node with a voice (issue 18 item 5, §9 voices): the AI's reply
 * reaches the customer as a voice note Azure Speech synthesised (the fake
 * speaks Microsoft's REST protocol and answers a real Ogg/Opus file), and as
 * the text when Azure fails.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { speechOutputFormat } from "../azure-speech.js";
import { blockNode, nodeId, nodeScene, speechKey, storedKey, useNodeWorld } from "../../../test/flow-node-scene.js";
import { until } from "../../../test/sockets.js";

const w = useNodeWorld();

const id = nodeId("voz");
const voiced = (block: Record<string, unknown> = {}) =>
  blockNode(id, "openai", {
    prompt: "Você é a atendente da padaria.",
    apiKey: storedKey("sk-voz"),
    voice: "pt-BR-FranciscaNeural",
    voiceKey: storedKey(speechKey),
    voiceRegion: "brazilsouth",
    ...block,
  });

async function heldScene(block: Record<string, unknown> = {}) {
  const c = await nodeScene(w, voiced(block));
  await c.says("Oi", 0);
  await until(async () => (await c.ticket()) !== undefined);
  await c.handOff();
  return c;
}

const reply = 'Pão & café <quentinhos> às 7h, "Paulo"!';

describe("an openai node with a voice", () => {
  it("answers with a voice note whose audio Azure Speech synthesised from the reply (SSML, Ogg/Opus)", async () => {
    const c = await heldScene();
    w.ai.reply({ text: reply });
    expect(await c.says("A que horas abre?")).toEqual(["[audio]"]);
    const [call] = w.speech.requests;
    expect(call!.headers["ocp-apim-subscription-key"]).toBe(speechKey);
    expect(call!.headers["content-type"]).toBe("application/ssml+xml");
    expect(call!.headers["x-microsoft-outputformat"]).toBe(speechOutputFormat);
    expect(call!.voice).toBe("pt-BR-FranciscaNeural");
    // The text came through XML-escaped and was read back as the AI wrote it.
    expect(call!.text).toBe(reply);
    // What WhatsApp received is the very file Azure answered, as audio.
    expect(w.graph.uploads.at(-1)!.data.equals(w.speech.audio())).toBe(true);
    expect(w.graph.uploads.at(-1)!.mimetype).toMatch(/^audio\/ogg/);
    const ticket = await c.ticket();
    const [stored] = await w.s.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.id)
      .then((rows) => rows.filter((m) => m.fromMe));
    // Agents (and the AI's next history) read what was said.
    expect(stored).toMatchObject({ mediaType: "audio", body: reply });
  });

  it("Azure failing (500): the customer gets the text instead", async () => {
    const c = await heldScene();
    w.speech.failNext(1, 500);
    w.ai.reply({ text: "Abrimos às 7h." });
    expect(await c.says("A que horas abre?")).toEqual(["Abrimos às 7h."]);
    expect(w.speech.requests).toHaveLength(1);
  });

  it("a wrong voice key (Azure's 401): the text instead", async () => {
    const c = await heldScene({ voiceKey: storedKey("outra-chave") });
    w.ai.reply({ text: "Abrimos às 7h." });
    expect(await c.says("A que horas abre?")).toEqual(["Abrimos às 7h."]);
    expect(w.speech.requests[0]!.headers["ocp-apim-subscription-key"]).toBe("outra-chave");
  });

  it("voice texto: a text reply, Azure never called", async () => {
    const c = await heldScene({ voice: "texto" });
    w.ai.reply({ text: "Abrimos às 7h." });
    expect(await c.says("A que horas abre?")).toEqual(["Abrimos às 7h."]);
    expect(w.speech.requests).toHaveLength(0);
  });
});
