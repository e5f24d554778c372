/** POST /users/set-language/{pt|en|es} (core-platform §7.2). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant } from "../../../test/factories.js";
import { closeAllSockets, connectSocket, nextEvent } from "../../../test/sockets.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const setLanguage = (token: string | undefined, lang: string) =>
  s.request({ method: "POST", path: `/users/set-language/${lang}`, ...(token ? { token } : {}) });
const language = async (token: string) => (await s.request({ path: "/auth/me", token })).json().language;

describe("POST /users/set-language/{lang}", () => {
  it.each(["pt", "en", "es"])("saves %s, as /auth/me then shows", async (lang) => {
    const { agent } = await buildTenant(s);
    const res = await setLanguage(agent.token, lang);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: lang });
    expect(await language(agent.token)).toBe(lang);
  });

  it("changes only the caller's language and tells the company's sessions", async () => {
    const { company, agent, admin } = await buildTenant(s);
    const socket = await connectSocket(s, admin.token);
    const event = nextEvent<{ action: string; user: { id: number; language: string } }>(
      socket,
      `company-${company.id}-user`,
    );
    await setLanguage(agent.token, "es");
    expect(await event).toMatchObject({ action: "update", user: { id: agent.id, language: "es" } });
    expect(await language(admin.token)).toBeNull();
  });

  it("answers 400 ERR_VALIDATION for a language outside pt, en, es and keeps the old one", async () => {
    const { agent } = await buildTenant(s);
    await setLanguage(agent.token, "en");
    const res = await setLanguage(agent.token, "fr");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await language(agent.token)).toBe("en");
  });

  it("answers 401 without a token", async () => {
    expect((await setLanguage(undefined, "en")).statusCode).toBe(401);
  });
});
