/**
 * /prompt (automation-areas "Prompts", issue 17 item 1): CRUD with both
 * spellings, the §5 rules and §9 defaults, the key encrypted and masked, the
 * plan gate and the admin profile, links from queues and connections,
 * another company's ids, and realtime to administrators only.
 */
import {
  channels,
  promptDefaults,
  type ChannelPayloads,
  type PromptDto,
  type PromptList,
  type QueueDto,
} from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans, prompts, tickets, whatsapps } from "../../db/schema/index.js";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { createQueue } from "../../../test/queues.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { connectSocket, flush, record } from "../../../test/sockets.js";
import { expectCompanyIsolation, expectListIsolation } from "../../../test/tenancy.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const training = "Você é o assistente da Padaria Pão Quente. Responda com educação e só sobre a padaria.";
const key = "sk-test-0123456789abcdefWXYZ";

async function scene() {
  const t = await buildTenant(s);
  const queue = (await createQueue(s, t.admin.token, { name: "Vendas", color: "#00aa00" })).json<QueueDto>();
  return { ...t, queue };
}

/** What the spec's dialog sends (§7: all prompt fields), in the other reading's spelling. */
const snakeBody = (queueId: number, extra: Record<string, unknown> = {}) => ({
  name: "Atendente virtual",
  prompt: training,
  queueId,
  model: "gpt-4o-mini",
  max_tokens: 120,
  temperature: 0.7,
  apikey: key,
  max_messages: 8,
  companyId: 999,
  ...extra,
});

const create = (token: string, body: unknown) => s.request({ method: "POST", path: "/prompt", token, body });

describe("create, read, update, delete", () => {
  it("takes the snake_case spelling, answers camelCase with the queue's name, and masks the key", async () => {
    const t = await scene();
    const res = await create(t.admin.token, snakeBody(t.queue.id));
    expect(res.statusCode).toBe(200);
    const prompt = res.json<PromptDto>();
    expect(prompt).toMatchObject({
      name: "Atendente virtual",
      prompt: training,
      queueId: t.queue.id,
      queue: { id: t.queue.id, name: "Vendas" },
      model: "gpt-4o-mini",
      maxTokens: 120,
      temperature: 0.7,
      maxMessages: 8,
      apiKey: "••••WXYZ",
      baseUrl: "",
      transcriptionModel: promptDefaults.transcriptionModel,
      companyId: t.company.id,
    });
    expect(res.body).not.toContain(key);
    expect(Date.parse(prompt.lastUpdate)).not.toBeNaN();
    // The key is stored encrypted, never as typed.
    const [row] = await s.ctx.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(row!.apiKey).not.toContain(key);
    expect(row!.apiKey.startsWith("enc:")).toBe(true);

    const list = (await s.request({ path: "/prompt", token: t.admin.token })).json<PromptList>();
    expect(list.prompts.map((p) => p.id)).toEqual([prompt.id]);
    const one = await s.request({ path: `/prompt/${prompt.id}`, token: t.admin.token });
    expect(one.json<PromptDto>()).toEqual(prompt);
  });

  it("an update with the masked key keeps the stored one, sets lastUpdate again, and a new key replaces it", async () => {
    const t = await scene();
    const created = (await create(t.admin.token, snakeBody(t.queue.id))).json<PromptDto>();
    const [before] = await s.ctx.db.select().from(prompts).where(eq(prompts.id, created.id));
    await new Promise((r) => setTimeout(r, 20));
    const body = {
      ...created,
      name: "Atendente novo",
      maxTokens: 300,
      baseUrl: "https://openrouter.ai/api/v1",
      transcriptionModel: "whisper-large-v3",
    };
    const res = await s.request({ method: "PUT", path: `/prompt/${created.id}`, token: t.admin.token, body });
    expect(res.statusCode).toBe(200);
    const updated = res.json<PromptDto>();
    expect(updated).toMatchObject({
      name: "Atendente novo",
      maxTokens: 300,
      apiKey: "••••WXYZ",
      baseUrl: "https://openrouter.ai/api/v1",
      transcriptionModel: "whisper-large-v3",
    });
    expect(Date.parse(updated.lastUpdate)).toBeGreaterThan(Date.parse(created.lastUpdate));
    const [kept] = await s.ctx.db.select().from(prompts).where(eq(prompts.id, created.id));
    expect(kept!.apiKey).toBe(before!.apiKey);

    const replaced = await s.request({
      method: "PUT",
      path: `/prompt/${created.id}`,
      token: t.admin.token,
      body: { ...body, apiKey: "sk-another-key-9999abcd" },
    });
    expect(replaced.json<PromptDto>().apiKey).toBe("••••abcd");
  });

  it("delete answers the toast key and lets go of the queues, connections and tickets that had it", async () => {
    const t = await scene();
    const prompt = (await create(t.admin.token, snakeBody(t.queue.id))).json<PromptDto>();
    const linked = await s.request({
      method: "PUT",
      path: `/queue/${t.queue.id}`,
      token: t.admin.token,
      body: { name: "Vendas", color: "#00aa00", promptId: prompt.id },
    });
    expect(linked.json<QueueDto>().promptId).toBe(prompt.id);
    const [connection] = await s.ctx.db
      .insert(whatsapps)
      .values({ companyId: t.company.id, name: "Loja", promptId: prompt.id })
      .returning();
    const contact = await s.request({
      method: "POST",
      path: "/contacts",
      token: t.admin.token,
      body: { name: "Cliente", number: "5511999990000" },
    });
    const [held] = await s.ctx.db
      .insert(tickets)
      .values({
        companyId: t.company.id,
        contactId: contact.json<{ id: number }>().id,
        whatsappId: connection!.id,
        promptId: prompt.id,
        chatbot: true,
      })
      .returning();

    const res = await s.request({ method: "DELETE", path: `/prompt/${prompt.id}`, token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "prompts.toasts.deleted" });
    expect((await s.request({ path: `/queue/${t.queue.id}`, token: t.admin.token })).json<QueueDto>().promptId).toBe(
      null,
    );
    const [conn] = await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, connection!.id));
    expect(conn!.promptId).toBe(null);
    const [ticket] = await s.ctx.db.select().from(tickets).where(eq(tickets.id, held!.id));
    expect(ticket).toMatchObject({ promptId: null, chatbot: false });
    expect((await s.request({ path: `/prompt/${prompt.id}`, token: t.admin.token })).statusCode).toBe(404);
  });
});

describe("the §5 rules and §9 defaults", () => {
  it("refuses a short name, a short prompt, no queue, a temperature above 1 and no key, naming the fields", async () => {
    const t = await scene();
    const res = await create(t.admin.token, {
      name: "Bot",
      prompt: "curto demais",
      queueId: "",
      model: "gpt-4o-mini",
      maxTokens: 100,
      temperature: 1.5,
      maxMessages: 10,
      apiKey: "",
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: { path: string }[] }>().fields.map((f) => f.path);
    expect(fields).toEqual(expect.arrayContaining(["name", "prompt", "queueId", "temperature", "apiKey"]));
  });

  it("fills baseUrl and transcriptionModel when left out; refuses another company's queue", async () => {
    const t = await scene();
    const other = await scene();
    const body = snakeBody(t.queue.id);
    const res = await create(t.admin.token, body);
    expect(res.json<PromptDto>()).toMatchObject({ baseUrl: "", transcriptionModel: "whisper-1" });
    const foreign = await create(t.admin.token, snakeBody(other.queue.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "queueId" } });
  });

  it("refuses a baseUrl on a private or loopback address (cloud metadata too), and a scheme other than http(s)", async () => {
    const t = await scene();
    for (const baseUrl of ["http://127.0.0.1:11434/v1", "http://169.254.169.254/latest", "http://10.0.0.5/v1"]) {
      const res = await create(t.admin.token, snakeBody(t.queue.id, { baseUrl }));
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_OUTBOUND_URL_FORBIDDEN" });
    }
    const ftp = await create(t.admin.token, snakeBody(t.queue.id, { baseUrl: "ftp://example.com/v1" }));
    expect(ftp.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await s.request({ path: "/prompt", token: t.admin.token })).json<PromptList>().prompts).toEqual([]);
  });
});

describe("who may", () => {
  it("agents are refused, and so is a company whose plan lacks useOpenAi", async () => {
    const t = await scene();
    expect((await s.request({ path: "/prompt", token: t.agent.token })).statusCode).toBe(403);
    expect((await create(t.agent.token, snakeBody(t.queue.id))).statusCode).toBe(403);
    await s.ctx.db.update(plans).set({ useOpenAi: false }).where(eq(plans.id, t.company.planId!));
    const gated = await s.request({ path: "/prompt", token: t.admin.token });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("another company's prompt answers 404, its list stays its own, and its id is refused by queues and connections", async () => {
    const t = await scene();
    const other = await scene();
    const prompt = (await create(t.admin.token, snakeBody(t.queue.id, { name: "Segredo da casa" }))).json<PromptDto>();
    for (const request of [
      { path: `/prompt/${prompt.id}` },
      { method: "PUT" as const, path: `/prompt/${prompt.id}`, body: snakeBody(t.queue.id) },
      { method: "DELETE" as const, path: `/prompt/${prompt.id}` },
    ]) {
      await expectCompanyIsolation(s, {
        request,
        ownerToken: t.admin.token,
        otherToken: other.admin.token,
        secrets: ["Segredo da casa"],
      });
    }
    const again = (await create(t.admin.token, snakeBody(t.queue.id, { name: "Segredo da casa" }))).json<PromptDto>();
    await expectListIsolation(s, {
      path: "/prompt",
      ownerToken: t.admin.token,
      otherToken: other.admin.token,
      secrets: ["Segredo da casa"],
    });
    const queue = await createQueue(s, other.admin.token, { name: "Roubo", color: "#123456", promptId: again.id });
    expect(queue.statusCode).toBe(404);
    expect(queue.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "promptId" } });
    const connection = await s.request({
      method: "POST",
      path: "/whatsapp",
      token: other.admin.token,
      body: { name: "Roubo", promptId: again.id },
    });
    expect(connection.statusCode).toBe(404);
    expect(connection.json()).toMatchObject({ error: "ERR_NOT_FOUND", details: { field: "promptId" } });
    // Its own prompt is welcome.
    const own = (await create(other.admin.token, snakeBody(other.queue.id))).json<PromptDto>();
    const ok = await createQueue(s, other.admin.token, { name: "Própria", color: "#654321", promptId: own.id });
    expect(ok.json<QueueDto>().promptId).toBe(own.id);
  });
});

describe("realtime", () => {
  it("company-{id}-prompt reaches the company's administrators only: not its agents, not another company", async () => {
    const t = await scene();
    const other = await scene();
    const admin = await connectSocket(s, t.admin.token);
    const agent = await connectSocket(s, t.agent.token);
    const stranger = await connectSocket(s, other.admin.token);
    type Payload = ChannelPayloads["prompt"];
    const toAdmin = record<Payload>(admin, channels.prompt(t.company.id));
    const toAgent = record<Payload>(agent, channels.prompt(t.company.id));
    const toStranger = record<Payload>(stranger, channels.prompt(t.company.id));
    const prompt = (await create(t.admin.token, snakeBody(t.queue.id))).json<PromptDto>();
    await s.request({
      method: "PUT",
      path: `/prompt/${prompt.id}`,
      token: t.admin.token,
      body: { ...prompt, name: "Renomeado" },
    });
    await s.request({ method: "DELETE", path: `/prompt/${prompt.id}`, token: t.admin.token });
    await flush(s, admin);
    await flush(s, agent);
    await flush(s, stranger);
    expect(toAdmin.map((e) => [e.action, e.prompt?.name ?? e.promptId])).toEqual([
      ["create", "Atendente virtual"],
      ["update", "Renomeado"],
      ["delete", prompt.id],
    ]);
    expect(toAdmin[0]!.prompt!.apiKey).toBe("••••WXYZ");
    expect(toAgent).toEqual([]);
    expect(toStranger).toEqual([]);
  });
});
