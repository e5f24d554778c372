/**
 * Saving a connection (re)starts its driver with the saved settings, deleting
 * it stops the driver: seen through the status a client reads, against the
 * fake Graph API.
 */
import type { WhatsappDto } from "@balcao/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import { startCloudServer, stopCloudServer } from "../../../test/cloud-connection.js";
import { connectionBody } from "../../../test/connections.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { until } from "../../../test/sockets.js";

let s: TestServer;
let fake: FakeGraph;
beforeAll(async () => {
  ({ s, fake } = await startCloudServer());
});
afterAll(async () => {
  await stopCloudServer(s, fake);
});

const statusOf = async (token: string, id: number) =>
  (await s.request({ path: `/whatsapp/${id}`, token })).json<WhatsappDto>().status;

it("starts a saved cloud connection, restarts it with new credentials and stops it on delete", async () => {
  const t = await buildTenant(s);
  fake.addNumber({ phoneNumberId: "555000111222", accessToken: "EAAG-good-token-0001" });
  const credentials = {
    provider: "cloud",
    cloudPhoneNumberId: "555000111222",
    cloudAccessToken: "EAAG-good-token-0001",
    cloudAppSecret: "app-secret-0001",
    cloudVerifyToken: "verify-0001",
  };
  const res = await s.request({
    method: "POST",
    path: "/whatsapp",
    token: t.admin.token,
    body: connectionBody(credentials),
  });
  expect(res.statusCode).toBe(200);
  const { id } = res.json<WhatsappDto>();
  await until(async () => (await statusOf(t.admin.token, id)) === "CONNECTED");
  // The driver reports CONNECTED just before the manager lists it as running.
  await until(() => s.ctx.channels.runningDriver(id) !== undefined);

  // A token the Graph API refuses: the restarted driver cannot connect.
  const put = await s.request({
    method: "PUT",
    path: `/whatsapp/${id}`,
    token: t.admin.token,
    body: connectionBody({ ...credentials, isDefault: true, cloudAccessToken: "EAAG-revoked-token-0002" }),
  });
  expect(put.statusCode).toBe(200);
  await until(async () => (await statusOf(t.admin.token, id)) === "DISCONNECTED");

  await s.request({
    method: "PUT",
    path: `/whatsapp/${id}`,
    token: t.admin.token,
    body: connectionBody({ ...credentials, isDefault: true }),
  });
  await until(async () => (await statusOf(t.admin.token, id)) === "CONNECTED");

  await s.request({ method: "DELETE", path: `/whatsapp/${id}`, token: t.admin.token });
  await until(() => s.ctx.channels.runningDriver(id) === undefined);
});
