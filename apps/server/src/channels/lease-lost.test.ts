/**
 * The lease's database connection drops (a PostgreSQL restart, a failover,
 * an administrator's terminate): the locks went with it, so this process
 * stops its WhatsApp Web sessions, and takes them again once it can.
 * Runs only on PostgreSQL (TEST_DATABASE_URL), as CI does.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionReaches, updateConnection } from "../../test/connections.js";
import { buildTenant } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { connectedWebConnection } from "../../test/whatsapp-web.js";

/** Whether some process holds the connection's session lease. */
async function leaseHeld(s: TestServer, whatsappId: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: s.ctx.database.url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ held: boolean }>(
      `select exists(select 1 from pg_locks where locktype = 'advisory' and objid = $1 and objsubid = 2
         and database = (select oid from pg_database where datname = current_database())) as held`,
      [whatsappId],
    );
    return rows[0]!.held;
  } finally {
    await admin.end();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("a lost session lease", () => {
  let s: TestServer;
  beforeAll(async () => (s = await startTestServer({ SESSION_LEASE_RETRY_MS: "200" })));
  afterAll(() => s.close());

  it("stops the sessions it held and resumes them from the stored pairing", async () => {
    const t = await buildTenant(s);
    const web = await connectedWebConnection(s, t.admin.token);
    const count = s.whatsappWeb.socketsOf(web.whatsapp.id).length;

    const admin = new pg.Client({ connectionString: s.ctx.database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name like 'balcao-lease-%' and datname = current_database()`,
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }

    const resumed = await web.nextSocket(count);
    expect(web.open.ended).toBe(true);
    expect(resumed.creds.me?.id).toBe(web.open.creds.me?.id);
    resumed.open();
    await sessionReaches(s, web.whatsapp.id, "CONNECTED");
  });

  it("is let go when the connection moves to the Cloud API, which every process runs", async () => {
    const t = await buildTenant(s);
    const web = await connectedWebConnection(s, t.admin.token);
    expect(await leaseHeld(s, web.whatsapp.id)).toBe(true);
    const res = await updateConnection(s, t.admin.token, web.whatsapp.id, {
      provider: "cloud",
      cloudPhoneNumberId: "100000000001",
      cloudAccessToken: "EAAG-not-known-to-meta",
      cloudAppSecret: "app-secret",
      cloudVerifyToken: "verify-token",
    });
    expect(res.statusCode, res.body).toBe(200);
    // Started as a Cloud API connection: this server's Graph API address answers nothing, so it retries.
    await sessionReaches(s, web.whatsapp.id, "TIMEOUT");
    expect(await leaseHeld(s, web.whatsapp.id)).toBe(false);
    expect(web.open.ended).toBe(true);
  });
});
