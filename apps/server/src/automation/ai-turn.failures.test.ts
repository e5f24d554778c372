/** A failing AI provider (issue 17 item 4): tried again within the budget, then the ticket waits for people. */
import { describe, expect, it } from "vitest";
import { aiScene, useAiWorld } from "../../test/ai-scene.js";
import { until } from "../../test/sockets.js";

const w = useAiWorld();

describe("a provider that fails", () => {
  it("429 and 500 are tried again: the third attempt's answer reaches the customer", async () => {
    const c = await aiScene(w);
    w.ai.reply({ status: 429 }, { status: 500 }, { text: "Agora sim!" });
    expect(await c.says("Oi")).toEqual(["Agora sim!"]);
    expect(w.ai.chats()).toHaveLength(3);
  });

  it("a refused key (401) is not tried again: the ticket goes to the prompt's queue with a note saying why", async () => {
    const c = await aiScene(w);
    w.ai.reply({ status: 401, message: "Incorrect API key provided." });
    await c.says("Oi", 0);
    await until(async () => (await c.ticket()).queueId === c.vendas.id, 8_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", promptId: null, chatbot: false });
    const [note] = await c.notes();
    expect(note!.note).toContain("401");
    expect(note!.note).toContain("Incorrect API key provided.");
    await c.settle();
    expect(w.ai.chats()).toHaveLength(1);
    expect(c.received()).toEqual([]);
  });

  it("three timeouts: at most 3 attempts, then the ticket waits for people with a note", async () => {
    const c = await aiScene(w);
    const late = { delayMs: 2_500, then: { text: "tarde demais" } };
    w.ai.reply(late, late, late, late);
    await c.says("Oi", 0);
    await until(async () => (await c.ticket()).queueId === c.vendas.id, 10_000);
    expect(w.ai.chats()).toHaveLength(3);
    expect((await c.notes())[0]!.note).toContain("no answer within");
    await c.settle();
    expect(c.received()).toEqual([]);
  });
});
