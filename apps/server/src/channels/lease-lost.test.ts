/**
 * The lease's database connection drops (a PostgreSQL restart, a failover,
 * an administrator's terminate): the locks went with it, so this process
 * stops its WhatsApp Web sessions, and takes them again once it can.
 * Runs only on PostgreSQL (TEST_DATABASE_URL), as CI does.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionReaches } from "../../test/connections.js";
import { buildTenant } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { connectedWebConnection } from "../../test/whatsapp-web.js";

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
});
