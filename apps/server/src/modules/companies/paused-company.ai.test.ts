/**
 * A switched-off company's AI prompt (issue 29 item 6): the customer's
 * message is stored, but the provider is not asked and nothing is sent until
 * the company is switched on; then the turn runs once.
 */
import { describe, expect, it } from "vitest";
import { aiScene, useAiWorld } from "../../../test/ai-scene.js";
import { pause, switchOff, switchOn, untilKept } from "../../../test/company-pause.js";

const w = useAiWorld();

describe("the AI", () => {
  it("is not asked for a switched-off company's customer; switched on, it answers once", async () => {
    const c = await aiScene(w);
    await switchOff(w.s, c.tenant.company.id);
    w.ai.reply({ text: "Abrimos domingo das 7h às 12h, Paulo!" });
    await c.says("Oi, vocês abrem domingo?", 0);
    await untilKept(w.s, c.tenant.company.id, "ai-turn");
    await pause(1_000);
    expect(w.ai.chats()).toEqual([]);
    expect(c.received()).toEqual([]);

    await switchOn(w.s, c.tenant.company.id);
    await w.graph.waitForSent(1, c.customer.from, 10_000);
    await c.settle();
    expect(c.received()).toEqual(["Abrimos domingo das 7h às 12h, Paulo!"]);
    expect(w.ai.chats()).toHaveLength(1);
  });
});
