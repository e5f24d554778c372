/**
 * Files nothing refers to go a day after they were kept (issue 29 item 9): a flow upload never
 * saved into a graph is removed with its bytes; one a graph holds, one a quick message holds and
 * one kept less than a day ago stay, and another company's files are its own.
 */
import { access } from "node:fs/promises";
import type { CompanyDto, QuickMessageDto } from "@balcao/contracts";
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mediaFiles } from "../db/schema/index.js";
import { tenantWithFlow } from "../../test/flow-blocks.js";
import { edge, node, sampleGraph, saveGraph, storedMedia } from "../../test/flow-graphs.js";
import type { TestServer } from "../../test/harness.js";
import { PDF, PNG } from "../../test/sample-files.js";
import { serverPerFile } from "../../test/server-per-file.js";
import { removeUnusedMedia } from "./unused-media.js";

let s: TestServer;
serverPerFile((started) => (s = started));

/** As if kept `hours` ago. */
async function keptAgo(hours: number, paths: string[]) {
  await s.ctx.db
    .update(mediaFiles)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(inArray(mediaFiles.path, paths));
}

const onDisk = (mediaPath: string) =>
  access(s.ctx.media.resolve(mediaPath)).then(
    () => true,
    () => false,
  );

async function storageUsed(token: string, companyId: number) {
  return (await s.request({ path: `/companies/listPlan/${companyId}`, token })).json<CompanyDto>().storageUsedBytes;
}

async function quickMessageFile(token: string): Promise<string> {
  const q = (
    await s.request({ method: "POST", path: "/quick-messages", token, body: { shortcode: "tabela" } })
  ).json<QuickMessageDto>();
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", new Blob([new Uint8Array(PDF)]), "tabela.pdf");
  const res = await fetch(`${s.url}/api/quick-messages/${q.id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as QuickMessageDto).mediaPath!.replace(/^\/api\/public\//, "");
}

describe("unused media", () => {
  it("removes a day-old flow upload no graph holds, and keeps held, fresh and other companies' files", async () => {
    const t = await tenantWithFlow(s);
    const other = await tenantWithFlow(s);
    const inGraph = await storedMedia(s, t.admin.token, "img", "capa.png", PNG);
    const inContent = await storedMedia(s, t.admin.token, "img", "item.png", PNG);
    const unsaved = await storedMedia(s, t.admin.token, "img", "rascunho.png", PNG);
    const fresh = await storedMedia(s, t.admin.token, "img", "agora.png", PNG);
    const quick = await quickMessageFile(t.agent.token);
    const othersUnsaved = await storedMedia(s, other.admin.token, "img", "deles.png", PNG);
    const base = sampleGraph(t.queue.id);
    const graph = {
      nodes: [
        ...base.nodes,
        node("imgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "img", { url: inGraph }),
        node("cntAAAAAAAAAAAAAAAAAAAAAAAAAAA", "singleBlock", {
          seq: ["img0"],
          elements: [{ type: "img", value: inContent, number: "img0", original: "item.png" }],
        }),
      ],
      connections: [
        ...base.connections,
        edge("waitAAAAAAAAAAAAAAAAAAAAAAAAAA", "imgAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        edge("imgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "cntAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
      ],
    };
    expect((await saveGraph(s, t.admin.token, t.flow.id, graph)).statusCode).toBe(200);
    await keptAgo(25, [inGraph, inContent, unsaved, quick]);
    await keptAgo(23, [fresh]);
    const before = await storageUsed(t.admin.token, t.company.id);
    const othersBefore = await storageUsed(other.admin.token, other.company.id);

    expect(await removeUnusedMedia(s.ctx)).toBe(1);

    expect(await onDisk(unsaved)).toBe(false);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(before - PNG.length);
    for (const kept of [inGraph, inContent, fresh, quick]) expect(await onDisk(kept), kept).toBe(true);
    const served = await s.request({ path: `/public/${inGraph}`, token: t.agent.token });
    expect(served.statusCode).toBe(200);
    expect(await onDisk(othersUnsaved)).toBe(true);
    expect(await storageUsed(other.admin.token, other.company.id)).toBe(othersBefore);
  });

  it("removes a graph's old picture once a save drops it, a day after it was kept", async () => {
    const t = await tenantWithFlow(s);
    const picture = await storedMedia(s, t.admin.token, "img", "antiga.png", PNG);
    const base = sampleGraph(t.queue.id);
    const withPicture = {
      nodes: [...base.nodes, node("imgAAAAAAAAAAAAAAAAAAAAAAAAAAA", "img", { url: picture })],
      connections: [...base.connections, edge("waitAAAAAAAAAAAAAAAAAAAAAAAAAA", "imgAAAAAAAAAAAAAAAAAAAAAAAAAAA")],
    };
    expect((await saveGraph(s, t.admin.token, t.flow.id, withPicture)).statusCode).toBe(200);
    await keptAgo(48, [picture]);
    expect(await removeUnusedMedia(s.ctx)).toBe(0);
    expect((await saveGraph(s, t.admin.token, t.flow.id, base)).statusCode).toBe(200);
    expect(await removeUnusedMedia(s.ctx)).toBe(1);
    expect(await onDisk(picture)).toBe(false);
    expect(await storageUsed(t.admin.token, t.company.id)).toBe(0);
  });
});
