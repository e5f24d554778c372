/**
 * Automatic messages across a SIGKILL of a real server process (issue 11
 * item 1; the guide's durable-job rule): nothing lost, nothing sent twice.
 * Two customers write; the admin accepts both tickets with the accept
 * greeting on. The fake Graph API holds the first greeting's answer, so the
 * job's worker is inside that send (the customer may or may not have it) and
 * the second greeting waits queued behind it. The server is killed there and
 * started again: the second greeting goes out once, and the first is left
 * failed for the agent — never sent a second time.
 */
import type { MessageDto, TicketDto } from "@balcao/contracts";
import { beforeAll, expect, it } from "vitest";
import { crashServerPerFile } from "../../../test/crash-server.js";
import { connectCloud, type ProcessSession } from "../../../test/process-api.js";
import { until } from "../../../test/sockets.js";

const PASSWORD = "CrashSafe123";
const cloud = { phoneNumberId: "109876543210", accessToken: "EAAGcrashsafe", appSecret: "crash-safe-secret" };
const ana = { from: "5511988887777", name: "Ana Costa" };
const bruno = { from: "5511977776666", name: "Bruno Dias" };

const crash = crashServerPerFile("balcao-sends-", PASSWORD);
beforeAll(() => crash.fake.addNumber(cloud));

async function ticketOf(admin: ProcessSession, number: string): Promise<TicketDto> {
  const res = await admin.call<{ tickets: TicketDto[] }>("GET", "/tickets?status=pending&showAll=true");
  const ticket = res.json.tickets.find((t) => t.contact?.number === number);
  if (!ticket) throw new Error(`no pending ticket of ${number}`);
  return ticket;
}

const greetingOf = async (admin: ProcessSession, ticketId: number) => {
  const res = await admin.call<{ messages: MessageDto[] }>("GET", `/messages/${ticketId}`);
  return res.json.messages.find((m) => m.fromMe);
};
const sendsTo = (number: string) => crash.fake.sent.filter((s) => s.to === number).length;

it("a greeting being sent when the server is killed is left failed, never sent twice; one still queued goes out once after the restart", async () => {
  let admin = await crash.start();
  expect((await admin.call("PUT", "/settings/sendGreetingAccepted", { value: "enabled" })).status).toBe(200);
  await connectCloud(admin, crash.server, crash.fake, cloud);
  for (const customer of [ana, bruno]) {
    const delivery = await crash.fake.customerMessage({
      ...customer,
      phoneNumberId: cloud.phoneNumberId,
      text: "Olá!",
    });
    expect(delivery.status).toBe(200);
  }
  const [first, second] = [await ticketOf(admin, ana.from), await ticketOf(admin, bruno.from)];

  crash.fake.holdSends();
  for (const ticket of [first, second]) {
    const accepted = await admin.call("PUT", `/tickets/${ticket.id}`, { status: "open", userId: admin.userId });
    expect(accepted.status).toBe(200);
  }
  // Ana's greeting reached WhatsApp, whose answer is held; Bruno's is stored and waits for the worker.
  await crash.fake.waitForSent(1, ana.from, 20_000);
  expect(await greetingOf(admin, second.id)).toMatchObject({ ack: 1, sendError: null });
  await crash.kill();
  crash.fake.releaseSends();

  admin = await crash.start();
  await crash.fake.waitForSent(1, bruno.from, 30_000);
  await until(async () => (await greetingOf(admin, first.id))?.sendError !== null, 60_000, 250);
  await until(async () => (await greetingOf(admin, second.id))?.ack === 2, 10_000);

  expect(await greetingOf(admin, first.id)).toMatchObject({ ack: 1, sendError: "ERR_SENDING_WAPP_MSG" });
  expect(await greetingOf(admin, second.id)).toMatchObject({
    body: "*Mensagem Automática:*\nOlá *Bruno Dias*, meu nome é *Admin* e agora vou prosseguir com seu atendimento!",
    sendError: null,
  });
  // Settled: no run is left that could send either again.
  await new Promise((r) => setTimeout(r, 3000));
  expect([sendsTo(ana.from), sendsTo(bruno.from)]).toEqual([1, 1]);
}, 180_000);
