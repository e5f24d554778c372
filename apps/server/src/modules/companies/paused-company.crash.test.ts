/**
 * A switched-off company's kept work survives a SIGKILL (issue 29 item 6):
 * it lives in paused_jobs, not in the process. A real server process; the
 * super user switches company B off before its schedule is due, the process
 * is killed and started again (B's connection is not started, nothing goes),
 * and only when B is switched on does the schedule go, once.
 */
import type { ScheduleDto } from "@balcao/contracts";
import { beforeAll, expect, it } from "vitest";
import { crashServerPerFile } from "../../../test/crash-server.js";
import { connectCloud, signIn, type ProcessSession } from "../../../test/process-api.js";
import { until } from "../../../test/sockets.js";

const PASSWORD = "CrashSafe123";
const cloud = { phoneNumberId: "109876543311", accessToken: "EAAGpaused", appSecret: "paused-secret" };
const carla = { number: "5511966665555", name: "Carla Reis" };

const crash = crashServerPerFile("balcao-paused-", PASSWORD);
beforeAll(() => crash.fake.addNumber(cloud));

const sends = () => crash.fake.sent.filter((s) => s.to === carla.number).length;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function companyB(superUser: ProcessSession): Promise<{ id: number; admin: ProcessSession }> {
  const email = "dono@loja-b.example.com";
  const made = await superUser.call<{ id: number }>("POST", "/companies", {
    name: "Loja B",
    email,
    planId: 1,
    password: PASSWORD,
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(made.status).toBe(200);
  return { id: made.json.id, admin: await signIn(crash.server, email, PASSWORD) };
}

it("a switched-off company's due schedule is kept through a SIGKILL and goes once when it is switched on", async () => {
  let superUser = await crash.start();
  const b = await companyB(superUser);
  await connectCloud(b.admin, crash.server, crash.fake, cloud);
  const contact = await b.admin.call<{ id: number }>("POST", "/contacts", { ...carla, email: "", extraInfo: [] });
  expect(contact.status).toBe(200);
  const sendAt = new Date(Date.now() + 3_000);
  const made = await b.admin.call<ScheduleDto>("POST", "/schedules", {
    body: "Olá {{firstName}}, sua consulta é amanhã",
    contactId: contact.json.id,
    sendAt: sendAt.toISOString(),
    sentAt: "",
    userId: b.admin.userId,
  });
  expect(made.status).toBe(200);
  expect((await superUser.call("PUT", `/companies/${b.id}`, { status: false })).status).toBe(200);
  await until(() => Date.now() > sendAt.getTime() + 3_000, 10_000, 100);
  expect(sends()).toBe(0);

  await crash.kill();
  superUser = await crash.start();
  await wait(4_000);
  expect(sends()).toBe(0);

  expect((await superUser.call("PUT", `/companies/${b.id}`, { status: true })).status).toBe(200);
  await crash.fake.waitForSent(1, carla.number, 30_000);
  const admin = await signIn(crash.server, "dono@loja-b.example.com", PASSWORD);
  await until(
    async () => (await admin.call<ScheduleDto>("GET", `/schedules/${made.json.id}`)).json.status !== "PENDENTE",
    10_000,
    250,
  );
  expect((await admin.call<ScheduleDto>("GET", `/schedules/${made.json.id}`)).json).toMatchObject({
    status: "ENVIADA",
  });
  await wait(3_000);
  expect(sends()).toBe(1);
}, 180_000);
