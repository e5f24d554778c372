/**
 * Spreadsheet bombs against the real server process (issue 29 item 2): an
 * agent of one company uploads to its contact list a 500 KB .xlsx whose one
 * cell inflates to 500 MB, then a 10 MB one with 20 such sheets, then the
 * first again with its sheet's size declared as 1 KB. The
 * process's resident memory (VmRSS) is sampled from before the first upload
 * to six seconds after each answer (time for the import job to work on it),
 * while another company lists its tickets over and over: the process grows
 * less than 100 MB and the other company's slowest answer stays within a
 * bound set by its own answers measured just before.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testDatabase } from "../../../test/database.js";
import { signIn, signInAdmin, type ProcessSession } from "../../../test/process-api.js";
import { startServerProcess, type ServerProcess } from "../../../test/server-process.js";
import { cellBomb } from "../../../test/zip-bombs.js";
import type { Database } from "../../db/client.js";
import { plans } from "../../db/schema/index.js";

const PASSWORD = "SheetBomb123";
const MB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), "balcao-sheet-bomb-"));
let database: Database;
let server: ServerProcess;

beforeAll(async () => {
  database = await testDatabase();
  server = await startServerProcess(path.join(dir, "data"), path.join(dir, "server.log"), PASSWORD, {
    DATABASE_URL: database.url,
  });
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    process.kill(-server.pid, "SIGKILL");
    await server.exited;
  }
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) * 1024;

/** A second company with its own admin, signed in. */
async function otherCompany(superAdmin: ProcessSession): Promise<ProcessSession> {
  const [plan] = await database.db.select({ id: plans.id }).from(plans).limit(1);
  const email = "other@example.com";
  const created = await superAdmin.call("POST", "/companies", {
    name: "Outra",
    email,
    planId: plan!.id,
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  return signIn(server, email, PASSWORD);
}

/** Milliseconds of each GET /tickets of `session` while `during` runs (one after another, none at once). */
async function ticketTimes(session: ProcessSession, during: Promise<unknown>): Promise<number[]> {
  let done = false;
  void during.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await session.call("GET", "/tickets?pageNumber=1");
    expect(res.status).toBe(200);
    times.push(performance.now() - started);
    // Ten a second: a client's pace, whose garbage does not grow the heap by itself.
    await new Promise((r) => setTimeout(r, 100));
  }
  return times;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("a 500 MB cell, 20 of them and one that lies about its size leave the process under 100 MB of growth and another company served fast", async () => {
  const admin = await signInAdmin(server, PASSWORD);
  const other = await otherCompany(admin);
  const list = await admin.call<{ id: number }>("POST", "/contact-lists", { name: "Bomba" });
  expect(list.status).toBe(200);
  // The third declares its sheet as 1 KB: taken at upload, stopped by the inflated bytes in the job.
  const bombs = [await cellBomb(500), await cellBomb(500, 20), await cellBomb(500, 1, 1024)];

  const baseline = await ticketTimes(other, sleep(3000));
  const before = rss();
  let peak = before;
  const sampling = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const answers: number[] = [];
  const attack = (async () => {
    for (const bomb of bombs) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bomb)]), "contatos.xlsx");
      const res = await fetch(`${server.url}/api/contact-lists/${list.json.id}/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      answers.push(res.status);
      await sleep(6000);
    }
  })();
  const during = await ticketTimes(other, attack);
  clearInterval(sampling);

  const slowest = Math.max(...during);
  const bound = Math.max(1000, 10 * Math.max(...baseline));
  process.stdout.write(
    `sheet bombs of ${bombs.map((b) => (b.length / MB).toFixed(2)).join(", ")} MB answered ${answers.join(", ")};` +
      ` rss ${(before / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB; another company's GET /tickets:` +
      ` slowest ${Math.max(...baseline).toFixed(0)} ms before, ${slowest.toFixed(0)} ms during` +
      ` (${during.length} requests, bound ${bound.toFixed(0)} ms)\n`,
  );
  expect(answers).toEqual([400, 400, 200]);
  expect(peak - before).toBeLessThan(100 * MB);
  expect(slowest).toBeLessThan(bound);
}, 240_000);
