/** A company's WhatsApp Cloud API connection, made as an admin makes it, with Meta's side played by the fake Graph API. */
import { randomBytes } from "node:crypto";
import { expect } from "./fixtures.js";
import { graph } from "./graph.js";
import type { apiAs } from "./people.js";

type Api = Awaited<ReturnType<typeof apiAs>>;

/**
 * The default connection, CONNECTED and subscribed to Meta's webhook: customers can write to it.
 * `fields` are more of the connection modal's (queueIds, greetingMessage, complationMessage…).
 */
export async function cloudConnection(baseURL: string, api: Api, fields: Record<string, unknown> = {}) {
  const cloud = {
    cloudPhoneNumberId: String(100000000000 + randomBytes(4).readUInt32BE()),
    cloudAccessToken: `EAAG${randomBytes(12).toString("hex")}`,
    cloudAppSecret: randomBytes(16).toString("hex"),
    cloudVerifyToken: randomBytes(8).toString("hex"),
  };
  await graph("POST", "/numbers", {
    phoneNumberId: cloud.cloudPhoneNumberId,
    accessToken: cloud.cloudAccessToken,
    displayPhoneNumber: "5511900001111",
  });
  const connection = await api("POST", "/whatsapp", {
    name: "WhatsApp Loja",
    isDefault: true,
    provider: "cloud",
    queueIds: [],
    ...fields,
    ...cloud,
  });
  // The connection starts in the background; Meta's dashboard check follows once it runs.
  await expect
    .poll(async () => (await api<{ status?: string }>("GET", `/whatsapp/${connection.id}`, undefined)).status)
    .toBe("CONNECTED");
  const { verified } = await graph<{ verified?: boolean }>("POST", "/subscribe", {
    phoneNumberId: cloud.cloudPhoneNumberId,
    webhookUrl: `${baseURL}/api/webhooks/whatsapp/${connection.id}`,
    appSecret: cloud.cloudAppSecret,
    verifyToken: cloud.cloudVerifyToken,
  });
  expect(verified).toBe(true);
  return cloud;
}

/** A customer writes to the connection (a signed webhook reaches the server). */
export async function customerWrites(
  cloud: { cloudPhoneNumberId: string },
  from: { number: string; name: string },
  text: string,
) {
  const delivery = await graph<{ status: number }>("POST", "/customer-message", {
    phoneNumberId: cloud.cloudPhoneNumberId,
    from: from.number,
    name: from.name,
    text,
  });
  expect(delivery.status).toBe(200);
}

/**
 * The texts the server sent `number` through the Graph API, oldest first, once there are
 * `count` of them (or whatever arrived within 10 s, for the caller's assertion to show).
 */
export async function textsSentTo(number: string, count: number): Promise<string[]> {
  const sent = await graph<{ body: { text?: { body: string } } }[]>(
    "GET",
    `/sent?to=${number}&count=${count}&timeoutMs=10000`,
  );
  return sent.map((record) => record.body.text?.body ?? "");
}
