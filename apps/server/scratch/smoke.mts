import { startCluster } from "../src/db/embedded/cluster.js";
import pg from "pg";
const log = { info: (o: object, m: string) => console.log("INFO", m, o), warn: (o: object, m: string) => console.log("WARN", m, o) };
const t0 = Date.now();
const c = await startCluster({ dataDir: process.argv[2]!, log });
console.log("started in", Date.now() - t0, "ms", c.url);
const client = new pg.Client({ connectionString: c.url });
await client.connect();
console.log((await client.query("select version(), current_setting('shared_buffers') sb, current_setting('max_connections') mc, current_database()")).rows);
await client.end();
if (process.argv[3] === "hold") { console.log("holding"); await new Promise(() => {}); }
await c.stop();
console.log("stopped");
