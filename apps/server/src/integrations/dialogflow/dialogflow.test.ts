/**
 * Dialogflow ES (issue 17 item 6): the dialog's session test and an agent
 * answering customers, against the fake Google token endpoint (which checks
 * the JWT's RS256 signature with the account's public key) and the fake
 * detect intent; what the customer received through the fake Graph API.
 */
import type { QueueIntegrationDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { serviceAccount } from "../../../test/fake-dialogflow.js";
import { integrationScene, integrationServerPerFile, type IntegrationWorld } from "../../../test/integration-scene.js";
import { buildTenant } from "../../../test/factories.js";
import { until } from "../../../test/sockets.js";

let w: IntegrationWorld;
integrationServerPerFile((world) => (w = world));

const testSession = (token: string, body: Record<string, unknown>) =>
  w.s.request({ method: "POST", path: "/queueIntegration/testSession", token, body });

describe("POST /queueIntegration/testSession", () => {
  it("answers 200 for a working agent: a signed JWT exchanged at token_uri, then detect intent in the project and language", async () => {
    const t = await buildTenant(w.s);
    const account = w.dialogflow.account();
    const res = await testSession(t.admin.token, {
      projectName: account.projectId,
      jsonContent: account.json,
      language: "en",
    });
    expect(res.statusCode).toBe(200);
    const token = w.dialogflow.tokenCalls.at(-1)!;
    expect(token).toMatchObject({ iss: account.clientEmail, aud: w.dialogflow.tokenUri, signatureValid: true });
    expect(token.scope).toContain("googleapis.com/auth/");
    const detect = w.dialogflow.detectCalls.at(-1)!;
    expect(detect).toMatchObject({ project: account.projectId, languageCode: "en" });
    expect(detect.authorization).toMatch(/^Bearer ya29\./);
  });

  it("uses the JSON's project_id when projectName is empty", async () => {
    const t = await buildTenant(w.s);
    const account = w.dialogflow.account();
    expect((await testSession(t.admin.token, { projectName: "", jsonContent: account.json })).statusCode).toBe(200);
    expect(w.dialogflow.detectCalls.at(-1)).toMatchObject({ project: account.projectId, languageCode: "pt-BR" });
  });

  it("answers ERR_DIALOGFLOW_INVALID_JSON, ERR_DIALOGFLOW_AUTH and ERR_DIALOGFLOW_PROJECT", async () => {
    const t = await buildTenant(w.s);
    const account = w.dialogflow.account();
    const error = async (body: Record<string, unknown>) => {
      const res = await testSession(t.admin.token, body);
      expect(res.statusCode).toBe(400);
      return res.json<{ error: string }>().error;
    };
    expect(await error({ projectName: "x", jsonContent: "{not json" })).toBe("ERR_DIALOGFLOW_INVALID_JSON");
    expect(await error({ projectName: "x", jsonContent: JSON.stringify({ client_email: "a@b.c" }) })).toBe(
      "ERR_DIALOGFLOW_INVALID_JSON",
    );
    // A key Google does not know for that account (here: an account the fake never issued).
    const stranger = serviceAccount({ tokenUri: w.dialogflow.tokenUri });
    expect(await error({ projectName: stranger.projectId, jsonContent: stranger.json })).toBe("ERR_DIALOGFLOW_AUTH");
    expect(w.dialogflow.tokenCalls.at(-1)!.signatureValid).toBe(false);
    expect(await error({ projectName: "outro-projeto", jsonContent: account.json })).toBe("ERR_DIALOGFLOW_PROJECT");
  });

  it("refuses a token_uri at cloud metadata before calling it", async () => {
    const t = await buildTenant(w.s);
    const metadata = serviceAccount({ tokenUri: "http://169.254.169.254/token" });
    const res = await testSession(t.admin.token, { projectName: "p", jsonContent: metadata.json });
    expect(res.json().error).toBe("ERR_OUTBOUND_URL_FORBIDDEN");
  });

  it("with the id of a saved integration, the masked private_key the dialog shows stands for the stored one", async () => {
    const t = await buildTenant(w.s);
    const account = w.dialogflow.account();
    const saved = (
      await w.s.request({
        method: "POST",
        path: "/queueIntegration",
        token: t.admin.token,
        body: { type: "dialogflow", name: "Agente", projectName: account.projectId, jsonContent: account.json },
      })
    ).json<QueueIntegrationDto>();
    expect(saved.jsonContent).not.toContain("PRIVATE KEY");
    const masked = { projectName: account.projectId, jsonContent: saved.jsonContent, language: "pt-BR" };
    expect((await testSession(t.admin.token, masked)).json().error).toBe("ERR_DIALOGFLOW_INVALID_JSON");
    expect((await testSession(t.admin.token, { ...masked, id: saved.id })).statusCode).toBe(200);
    // Another company's id lends no key.
    const other = await buildTenant(w.s);
    expect((await testSession(other.admin.token, { ...masked, id: saved.id })).statusCode).toBe(404);
  });
});

describe("an agent answering customers", () => {
  it("sends the text fulfilment messages, in the ticket's session and the integration's language; an end-of-interaction intent hands the ticket on", async () => {
    const account = w.dialogflow.account();
    w.dialogflow.intents.push(
      { phrase: "horário", displayName: "Horário", texts: ["Abrimos às 8h.", "Fechamos às 18h."] },
      { phrase: "tchau", displayName: "Despedida", texts: ["Até logo!"], endInteraction: true },
    );
    const c = await integrationScene(w, {
      type: "dialogflow",
      name: "Agente",
      projectName: account.projectId,
      jsonContent: account.json,
      language: "es",
    });
    expect(await c.says("Qual o horário?", 2)).toEqual(["Abrimos às 8h.", "Fechamos às 18h."]);
    const ticket = await c.ticket();
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: c.integration.id, chatbot: true });
    expect(w.dialogflow.detectCalls.at(-1)).toMatchObject({
      project: account.projectId,
      session: ticket.uuid,
      text: "Qual o horário?",
      languageCode: "es",
    });
    expect(await c.says("tchau")).toEqual(["Até logo!"]);
    await until(async () => !(await c.ticket()).useIntegration, 10_000);
    expect(await c.ticket()).toMatchObject({ status: "pending", integrationId: null, chatbot: false, userId: null });
    const calls = w.dialogflow.detectCalls.length;
    await c.says("oi de novo", 0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(w.dialogflow.detectCalls).toHaveLength(calls);
  });

  it("an agent that stays down (3 attempts) hands the ticket to people instead of leaving the customer waiting", async () => {
    const account = w.dialogflow.account();
    const c = await integrationScene(w, {
      type: "dialogflow",
      name: "Agente",
      projectName: account.projectId,
      jsonContent: account.json,
    });
    w.dialogflow.failWith = 503;
    try {
      const before = w.dialogflow.detectCalls.length;
      await c.says("Olá", 0);
      await until(() => w.dialogflow.detectCalls.length - before === 3, 20_000);
      await until(async () => (await c.ticket()).holdReleased, 10_000);
      expect(w.dialogflow.detectCalls.length - before).toBe(3);
      expect(await c.ticket()).toMatchObject({ status: "pending", integrationId: null, userId: null });
      expect(c.received()).toEqual([]);
    } finally {
      w.dialogflow.failWith = undefined;
    }
  });
});

describe("the access token cache (issue 29 item 5)", () => {
  it("never lends one company's Google token to another that sends the same account with its own key", async () => {
    const a = await buildTenant(w.s);
    const b = await buildTenant(w.s);
    const account = w.dialogflow.account();
    // B knows A's public parts (client_email, private_key_id, token_uri) but signs with a key of its own.
    const own = serviceAccount({ tokenUri: w.dialogflow.tokenUri, projectId: account.projectId });
    const forged = JSON.stringify({ ...JSON.parse(account.json), private_key: own.privateKeyPem });
    const body = (jsonContent: string) => ({ projectName: account.projectId, jsonContent, language: "pt-BR" });
    const asB = async () => {
      const res = await testSession(b.admin.token, body(forged));
      return { status: res.statusCode, error: res.json<{ error?: string }>().error };
    };
    expect(await asB()).toEqual({ status: 400, error: "ERR_DIALOGFLOW_AUTH" });
    expect((await testSession(a.admin.token, body(account.json))).statusCode).toBe(200);
    const aBearer = w.dialogflow.detectCalls.at(-1)!.authorization;
    const detects = w.dialogflow.detectCalls.length;
    expect(await asB()).toEqual({ status: 400, error: "ERR_DIALOGFLOW_AUTH" });
    // B's refused key was exchanged again at Google, and nothing reached the agent with A's bearer token.
    expect(w.dialogflow.tokenCalls.at(-1)).toMatchObject({ iss: account.clientEmail, signatureValid: false });
    expect(w.dialogflow.detectCalls).toHaveLength(detects);
    // Even with A's whole JSON, B makes its own exchange rather than reading A's cached token.
    const exchanges = w.dialogflow.tokenCalls.length;
    expect((await testSession(b.admin.token, body(account.json))).statusCode).toBe(200);
    expect(w.dialogflow.tokenCalls).toHaveLength(exchanges + 1);
    expect(w.dialogflow.detectCalls.at(-1)!.authorization).not.toBe(aBearer);
  });
});
