/**
 * A flow reaching an openai block (issue 18 item 5), end to end: the customer's phrase starts the flow
 * through Meta's signed webhook, the flow's texts go out, the run ends at the block, which holds the
 * ticket (node-hold.ts) and answers the message that led there with the fake AI provider.
 */
import { phraseKey, type FlowNode } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { flowCampaigns } from "../../db/schema/index.js";
import { edge } from "../../../test/flow-graphs.js";
import { blockNode, nodeId, nodeScene, storedKey, useNodeWorld } from "../../../test/flow-node-scene.js";

const w = useNodeWorld();

describe("the hand-off", () => {
  it("an openai block ends the run, holds the ticket and answers the customer's message that led there", async () => {
    const ai = blockNode(nodeId("ai"), "openai", {
      prompt: "Você vende bolos.",
      apiKey: storedKey("sk-x"),
      voice: "texto",
    });
    const c = await nodeScene(w, ai);
    const hello: FlowNode = {
      id: nodeId("hello"),
      type: "message",
      position: { x: 400, y: 100 },
      data: { label: "Vou te passar para a nossa IA" },
    };
    await c.editGraph((g) => ({
      nodes: [...g.nodes, hello],
      connections: [edge("1", hello.id), edge(hello.id, ai.id)],
    }));
    await w.s.ctx.db.insert(flowCampaigns).values({
      companyId: c.tenant.company.id,
      name: "IA",
      flowId: c.flow.id,
      phrase: "quero bolo",
      phraseKey: phraseKey("quero bolo"),
      whatsappId: c.connection.id,
    });
    w.ai.reply({ text: "Temos bolo de fubá!" });
    expect(await c.says("Quero bolo", 2)).toEqual(["Vou te passar para a nossa IA", "Temos bolo de fubá!"]);
    expect(await c.ticket()).toMatchObject({ flowId: null, holdFlowNodeId: ai.id, chatbot: true, status: "pending" });
    expect(w.ai.chats()[0]!.body!.messages).toContainEqual({ role: "user", content: "Quero bolo" });
  });
});
