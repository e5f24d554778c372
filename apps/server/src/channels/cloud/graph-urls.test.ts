/**
 * Outbound URLs are only the ones we build (issue 29 item 7): a phone number
 * id is a plain identifier at save time, a stored one that is not never
 * starts a driver, the Graph client encodes every path segment, and a media
 * URL off the Graph API's host passes the SSRF guard before our bearer goes
 * there. The "internal address" is a receiver on loopback, with
 * ALLOW_PRIVATE_OUTBOUND unset.
 */
import type { WhatsappDto } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCloudConnection, cloudServerPerFile } from "../../../test/cloud-connection.js";
import { createConnection, sessionReaches, updateConnection } from "../../../test/connections.js";
import { buildTenant } from "../../../test/factories.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from "../../../test/fake-webhook-receiver.js";
import type { TestServer } from "../../../test/harness.js";
import { whatsapps } from "../../db/schema/index.js";
import { GraphClient } from "./graph.js";

let s: TestServer;
let fake: FakeGraph;
let internal: FakeWebhookReceiver;
cloudServerPerFile((started) => ({ s, fake } = started));
beforeAll(async () => (internal = await startFakeWebhookReceiver()));
afterAll(() => internal.close());

const credentials = {
  provider: "cloud",
  cloudAccessToken: "EAAGaccess-token-secret-4321",
  cloudAppSecret: "app-secret-value-abcd",
  cloudVerifyToken: "verify-me-please-9876",
};
const hostile = () => [`${internal.url}?x=`, "123/../../admin", "123?fields=access_token", "123 456", "１２３"];

describe("the phone number id is a plain identifier", () => {
  it("a save with anything but letters, digits, _ and - answers 400 ERR_VALIDATION and stores nothing", async () => {
    const t = await buildTenant(s);
    const save = (cloudPhoneNumberId: string, id?: number) =>
      id
        ? updateConnection(s, t.admin.token, id, { ...credentials, cloudPhoneNumberId })
        : createConnection(s, t.admin.token, { ...credentials, cloudPhoneNumberId });
    for (const bad of hostile()) {
      const res = await save(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ error: string }>().error).toBe("ERR_VALIDATION");
      expect(res.body).toContain("cloudPhoneNumberId");
    }
    expect(await s.ctx.db.select().from(whatsapps).where(eq(whatsapps.companyId, t.company.id))).toEqual([]);
    // Meta's ids (digits) and ids of letters, digits, _ and - are kept.
    const saved = await save("109876543210");
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json<WhatsappDto>();
    expect((await save(`${internal.url}?x=`, id)).statusCode).toBe(400);
    expect((await save("Phone_id-2", id)).json<WhatsappDto>().cloudPhoneNumberId).toBe("Phone_id-2");
    expect(internal.deliveries).toEqual([]);
  });

  it("a connection stored earlier with such an id does not start: DISCONNECTED, and nothing is called", async () => {
    const t = await buildTenant(s);
    const connection = await buildCloudConnection(s, fake, t.company.id, {
      cloudPhoneNumberId: `${internal.url}?x=`,
    });
    await sessionReaches(s, connection.id, "DISCONNECTED");
    expect(s.ctx.channels.runningDriver(connection.id)).toBeUndefined();
    expect(internal.deliveries).toEqual([]);
  });
});

describe("the Graph client", () => {
  it("encodes the phone number id as one path segment: an upload never leaves the Graph API", async () => {
    const graph = new GraphClient({ baseUrl: fake.url, phoneNumberId: `${internal.url}?x=`, accessToken: "EAAG-x" });
    await graph.upload(Buffer.from("the agent's file"), "application/pdf", "pedido.pdf").catch(() => undefined);
    expect(internal.deliveries).toEqual([]);
  });

  it("downloads a media URL off the Graph API's host only through the SSRF guard: no bearer to an internal address", async () => {
    const graph = new GraphClient({ baseUrl: fake.url, phoneNumberId: "109876543210", accessToken: "EAAG-secret" });
    await expect(graph.mediaStream(`${internal.url}/media/1`)).rejects.toMatchObject({
      code: "ERR_WAPP_DOWNLOAD_MEDIA",
    });
    await expect(graph.mediaStream("file:///etc/passwd")).rejects.toMatchObject({ code: "ERR_WAPP_DOWNLOAD_MEDIA" });
    expect(internal.deliveries).toEqual([]);
  });
});
