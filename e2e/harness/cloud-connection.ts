/** A company's WhatsApp Cloud API connection, made as an admin makes it, with Meta's side played by the fake Graph API. */
import { randomBytes } from "node:crypto";
import { expect } from "./fixtures.js";
import { graph } from "./graph.js";
import type { apiAs } from "./people.js";

type Api = Awaited<ReturnType<typeof apiAs>>;

/** The default connection, CONNECTED and subscribed to Meta's webhook: customers can write to it. */
export async function cloudConnection(baseURL: string, api: Api) {
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
    ...cloud,
  });
  // The connection starts in the background; Meta's dashboard check follows once it runs.
  await expect
    .poll(async () => ((await api("GET", `/whatsapp/${connection.id}`, undefined)) as { status?: string }).status)
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
