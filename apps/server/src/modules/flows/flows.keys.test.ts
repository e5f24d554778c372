/**
 * Keys inside a flow's AI and Typebot blocks (issue 18 item 3, issue 17 item 2): stored encrypted,
 * loaded masked, kept when the mask comes back, copied by a duplicate.
 */
import type { FlowGraph } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { flows } from "../../db/schema/index.js";
import { aiNode, apiKey, tenantWithFlow, voiceKey } from "../../../test/flow-blocks.js";
import { edge, loadGraph, saveGraph, startNode } from "../../../test/flow-graphs.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const storedBlock = async (flowId: number, nodeId: string) => {
  const [row] = await s.ctx.db.select().from(flows).where(eq(flows.id, flowId));
  return (row!.graph as FlowGraph).nodes.find((n) => n.id === nodeId)!.data.typebotIntegration as Record<
    string,
    string
  >;
};

describe("keys inside AI and Typebot blocks", () => {
  it("are stored encrypted, loaded masked, kept when the mask comes back, replaced by a new key, copied by duplicate", async () => {
    const t = await tenantWithFlow(s);
    const ai = "aiAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const graph = { nodes: [startNode(), aiNode(ai)], connections: [edge("1", ai)] };
    expect((await saveGraph(s, t.admin.token, t.flow.id, graph)).statusCode).toBe(200);
    const sealed = await storedBlock(t.flow.id, ai);
    expect(JSON.stringify(sealed)).not.toContain(apiKey);
    expect(JSON.stringify(sealed)).not.toContain(voiceKey);
    expect(sealed.apiKey!.startsWith("enc:")).toBe(true);

    const loaded = await s.request({ path: `/flowbuilder/flow/${t.flow.id}`, token: t.admin.token });
    expect(loaded.body).not.toContain(apiKey);
    const masked = loaded.json<{ flow: { flow: FlowGraph } }>().flow.flow;
    expect(masked.nodes[1]!.data.typebotIntegration).toMatchObject({ apiKey: "••••WXYZ", voiceKey: "••••QRST" });

    // The builder sends back what it loaded, the prompt changed.
    const edited = structuredClone(masked);
    (edited.nodes[1]!.data.typebotIntegration as Record<string, unknown>).prompt = "Seja breve.";
    expect((await saveGraph(s, t.admin.token, t.flow.id, edited)).statusCode).toBe(200);
    const kept = await storedBlock(t.flow.id, ai);
    expect(kept).toMatchObject({ apiKey: sealed.apiKey, voiceKey: sealed.voiceKey, prompt: "Seja breve." });

    (edited.nodes[1]!.data.typebotIntegration as Record<string, unknown>).apiKey = "sk-brand-new-key-0000abcd";
    await saveGraph(s, t.admin.token, t.flow.id, edited);
    expect((await loadGraph(s, t.admin.token, t.flow.id)).flow.flow!.nodes[1]!.data.typebotIntegration).toMatchObject({
      apiKey: "••••abcd",
      voiceKey: "••••QRST",
    });

    const copy = await s.request({
      method: "POST",
      path: "/flowbuilder/duplicate",
      token: t.admin.token,
      body: { flowId: t.flow.id },
    });
    const copyId = copy.json<{ id: number }>().id;
    expect(await storedBlock(copyId, ai)).toEqual(await storedBlock(t.flow.id, ai));
    expect((await loadGraph(s, t.admin.token, copyId)).flow.flow!.nodes[1]!.data.typebotIntegration).toMatchObject({
      apiKey: "••••abcd",
    });
  });

  it("a mask on a node the server never stored a key for (a copy made in the builder) is refused", async () => {
    const t = await tenantWithFlow(s);
    const ai = "aiAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const copy = "aiBBBBBBBBBBBBBBBBBBBBBBBBBBBB";
    await saveGraph(s, t.admin.token, t.flow.id, { nodes: [startNode(), aiNode(ai)], connections: [edge("1", ai)] });
    const res = await saveGraph(s, t.admin.token, t.flow.id, {
      nodes: [startNode(), aiNode(ai, { apiKey: "••••WXYZ" }), aiNode(copy, { apiKey: "••••WXYZ" })],
      connections: [edge("1", ai)],
    });
    expect(res.json()).toMatchObject({ error: "ERR_FLOW_INVALID", nodeId: copy });
    expect((await storedBlock(t.flow.id, ai)).apiKey!.startsWith("enc:")).toBe(true);
  });
});
