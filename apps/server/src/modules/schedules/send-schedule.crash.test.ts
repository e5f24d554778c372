/**
 * Schedules across a SIGKILL of a real server process (issue 12 item 1:
 * "a server that was down sends late, never twice"). Two schedules: Ana's is
 * due now, and the fake Graph API holds WhatsApp's answer, so the job is
 * inside that send when the server is killed (the customer may or may not
 * have it); Bruno's is due a few seconds later, while the server is down.
 * Started again: Bruno's goes out once, late, and Ana's is left ERRO, never
 * sent a second time.
 */
import type { ScheduleDto } from "@balcao/contracts";
import { beforeAll, expect, it } from "vitest";
import { crashServerPerFile } from "../../../test/crash-server.js";
import { connectCloud, type ProcessSession } from "../../../test/process-api.js";
import { until } from "../../../test/sockets.js";

const PASSWORD = "CrashSafe123";
const cloud = { phoneNumberId: "109876543299", accessToken: "EAAGschedules", appSecret: "schedules-secret" };
const ana = { number: "5511988887777", name: "Ana Costa" };
const bruno = { number: "5511977776666", name: "Bruno Dias" };

const crash = crashServerPerFile("balcao-schedules-", PASSWORD);
beforeAll(() => crash.fake.addNumber(cloud));

async function schedule(admin: ProcessSession, customer: typeof ana, body: string, sendAt: Date): Promise<number> {
  const contact = await admin.call<{ id: number }>("POST", "/contacts", { ...customer, email: "", extraInfo: [] });
  expect(contact.status).toBe(200);
  const made = await admin.call<ScheduleDto>("POST", "/schedules", {
    body,
    contactId: contact.json.id,
    sendAt: sendAt.toISOString(),
    sentAt: "",
    userId: admin.userId,
  });
  expect(made.status).toBe(200);
  return made.json.id;
}

const show = async (admin: ProcessSession, id: number) =>
  (await admin.call<ScheduleDto>("GET", `/schedules/${id}`)).json;
const sendsTo = (number: string) => crash.fake.sent.filter((s) => s.to === number).length;

it("a schedule being sent when the server is killed is left ERRO, never sent twice; one due while it was down goes out once, late", async () => {
  let admin = await crash.start();
  await connectCloud(admin, crash.server, crash.fake, cloud);
  crash.fake.holdSends();
  const brunoAt = new Date(Date.now() + 4000);
  const brunos = await schedule(admin, bruno, "Olá {{firstName}}, seu horário é às 15h", brunoAt);
  const anas = await schedule(admin, ana, "Olá {{firstName}}, seu pedido chegou", new Date(Date.now() - 1000));
  // Ana's message reached WhatsApp, whose answer is held.
  await crash.fake.waitForSent(1, ana.number, 20_000);
  await crash.kill();
  crash.fake.releaseSends();
  expect(sendsTo(bruno.number)).toBe(0);
  await until(() => Date.now() > brunoAt.getTime() + 500, 10_000, 100);

  admin = await crash.start();
  await until(async () => (await show(admin, brunos)).status !== "PENDENTE", 60_000, 250);
  await until(async () => (await show(admin, anas)).status !== "PENDENTE", 60_000, 250);
  expect(await show(admin, brunos)).toMatchObject({ status: "ENVIADA", sentAt: expect.any(String) });
  expect(await show(admin, anas)).toMatchObject({ status: "ERRO", errorMessage: "ERR_SENDING_WAPP_MSG", sentAt: null });
  expect(crash.fake.sent.find((s) => s.to === bruno.number)?.body).toMatchObject({
    text: { body: "Olá Bruno, seu horário é às 15h" },
  });
  // Settled: no run is left that could send either again.
  await new Promise((r) => setTimeout(r, 3000));
  expect([sendsTo(ana.number), sendsTo(bruno.number)]).toEqual([1, 1]);
}, 180_000);
