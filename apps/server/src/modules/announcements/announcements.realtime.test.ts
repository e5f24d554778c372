/** company-announcement (business-areas §4, core-platform §7.9): platform-wide {action, record, id}. */
import { channels } from "@balcao/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";
import { buildTenant, login } from "../../../test/factories.js";
import { closeAllSockets, connectSocket, flush, nextEvent, record } from "../../../test/sockets.js";

let s: TestServer;
let superToken: string;
beforeAll(async () => {
  s = await startTestServer();
  superToken = (await login(s, ADMIN.email, ADMIN.password)).token;
});
afterEach(() => closeAllSockets());
afterAll(async () => {
  await s.close();
});

const event = channels.announcement();
const call = (method: "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  s.request({ method, path, token: superToken, body });
type Payload = { action: string; record?: { id: number; title: string; status: boolean }; id?: number };

describe("company-announcement", () => {
  it("reaches the sockets of two companies on create, update and delete", async () => {
    const [one, two] = [await buildTenant(s), await buildTenant(s)];
    const sockets = [await connectSocket(s, one.agent.token), await connectSocket(s, two.admin.token)];

    const created = sockets.map((socket) => nextEvent<Payload>(socket, event));
    const a = (await call("POST", "/announcements", { title: "Novo", text: "Olá", priority: 2 })).json();
    for (const got of await Promise.all(created)) {
      expect(got).toMatchObject({ action: "create", record: { id: a.id, title: "Novo", priority: 2, status: true } });
    }

    const updated = sockets.map((socket) => nextEvent<Payload>(socket, event));
    await call("PUT", `/announcements/${a.id}`, { title: "Editado", text: "Olá" });
    for (const got of await Promise.all(updated))
      expect(got).toMatchObject({ action: "update", record: { title: "Editado" } });

    const deleted = sockets.map((socket) => nextEvent<Payload>(socket, event));
    await call("DELETE", `/announcements/${a.id}`);
    for (const got of await Promise.all(deleted)) expect(got).toEqual({ action: "delete", id: a.id });
  });

  it("sends an inactive announcement in full to super users only; others are told to drop it", async () => {
    const { agent } = await buildTenant(s);
    const [userSocket, superSocket] = [await connectSocket(s, agent.token), await connectSocket(s, superToken)];
    const seenByUser = record<Payload>(userSocket, event);
    const seenBySuper = record<Payload>(superSocket, event);

    const a = (await call("POST", "/announcements", { title: "Rascunho secreto", text: "x", status: false })).json();
    await call("PUT", `/announcements/${a.id}`, { title: "Publicado", text: "x", status: true });
    await Promise.all([flush(s, userSocket), flush(s, superSocket)]);

    expect(seenByUser).toEqual([
      { action: "delete", id: a.id },
      expect.objectContaining({ action: "update", record: expect.objectContaining({ title: "Publicado" }) }),
    ]);
    expect(JSON.stringify(seenByUser)).not.toContain("Rascunho secreto");
    expect(seenBySuper.map((p) => [p.action, p.record?.title])).toEqual([
      ["create", "Rascunho secreto"],
      ["update", "Publicado"],
    ]);
  });

  it("announces image changes as updates", async () => {
    const { agent } = await buildTenant(s);
    const socket = await connectSocket(s, agent.token);
    const a = (await call("POST", "/announcements", { title: "Com imagem", text: "x" })).json();
    await flush(s, socket);
    const next = nextEvent<Payload>(socket, event);
    await call("DELETE", `/announcements/${a.id}/media-upload`);
    expect(await next).toMatchObject({ action: "update", record: { id: a.id, mediaPath: null } });
  });
});
