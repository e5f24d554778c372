/** The fake Graph API's control API, which end-to-end tests in another process drive (test/fake-graph-control.ts). */
import { eq } from "drizzle-orm";
import { expect, describe, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import {
  buildCloudConnection,
  cloudServerPerFile,
  customerNumber,
  webhookUrl,
} from "../../../test/cloud-connection.js";
import { buildCompany } from "../../../test/factories.js";
import { sampleMedia, type FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

const customer = customerNumber;
const messagesOf = (companyId: number) => s.ctx.db.select().from(messages).where(eq(messages.companyId, companyId));

describe("the fake Graph API's control API (what end-to-end tests in another process use)", () => {
  it("subscribes, plays the customer, reports a status and lists what our server sent", async () => {
    const company = await buildCompany(s);
    const connection = await buildCloudConnection(s, fake, company.id);
    const control = (path: string, body?: unknown) =>
      fetch(`${fake.origin}/_control/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown> & Record<string, unknown>[]>);
    const phoneNumberId = connection.cloudPhoneNumberId;

    const sub = await control("subscribe", {
      phoneNumberId,
      webhookUrl: webhookUrl(s, connection.id),
      appSecret: connection.cloudAppSecret,
      verifyToken: connection.cloudVerifyToken,
    });
    expect(sub).toEqual({ verified: true });
    const from = customer();
    const said = await control("customer-message", {
      phoneNumberId,
      from,
      name: "E2E",
      image: { data: sampleMedia.image.data.toString("base64"), mimetype: "image/png", caption: "c" },
    });
    expect(said).toMatchObject({ status: 200, wid: expect.stringMatching(/^wamid\./) });
    const [stored] = await messagesOf(company.id);
    expect(stored).toMatchObject({ wid: said.wid, body: "c", mediaType: "image" });

    const sent = await s.ctx.channels
      .driverFor(connection.id)
      .sendText({ chatNumber: from, isGroup: false, body: "oi" });
    const seen = await control(`sent?to=${from}&count=1`);
    expect(seen).toEqual([
      expect.objectContaining({ id: sent.wid, to: from, body: expect.objectContaining({ type: "text" }) }),
    ]);
    expect(await control("status", { wid: sent.wid, status: "delivered" })).toMatchObject({ status: 200 });

    expect(await control("fail-next-send", {})).toEqual({});
    await expect(
      s.ctx.channels.driverFor(connection.id).sendText({ chatNumber: from, isGroup: false, body: "x" }),
    ).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG" });
  });
});
