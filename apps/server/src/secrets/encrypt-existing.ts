/**
 * The start-up step that encrypts secrets stored before encryption (issue 17
 * item 2): run by server.ts after the drizzle migrations, at every start. The
 * key is not in the database, so no SQL migration could do it. Idempotent:
 * only values not yet `isEncrypted` are touched, each update conditional on
 * the value it read, so two nodes starting together do each row once.
 *
 * It first makes sure the key is the database's (key-check.ts): values encrypted under
 * another key would be unreadable, and plain ones would be encrypted under the wrong key.
 *
 * Another area's secret column whose rows may predate encryption: one line in `encryptedColumns`.
 */
import { secretSettings } from "@balcao/contracts";
import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import { encryptSecret, isEncrypted, lookupHash } from "./index.js";
import { assertSecretsKeyMatches } from "./key-check.js";

interface EncryptedColumn {
  table: string;
  column: string;
  /** Only these rows (settings: the secret keys). */
  where?: SQL;
}

const encryptedColumns: EncryptedColumn[] = [
  { table: "whatsapps", column: "cloud_access_token" },
  { table: "whatsapps", column: "cloud_app_secret" },
  { table: "whatsapps", column: "cloud_verify_token" },
  {
    table: "settings",
    column: "value",
    where: sql`key in (${sql.join(
      secretSettings.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  },
];

const notEncrypted = (column: string) =>
  sql`${sql.identifier(column)} <> '' and ${sql.identifier(column)} not like 'enc:v1:%'`;

async function encryptColumn(db: Db, c: EncryptedColumn): Promise<number> {
  const table = sql.identifier(c.table);
  const column = sql.identifier(c.column);
  const rows = await rowsOf<{ id: number; value: string }>(
    db,
    sql`select id, ${column} as value from ${table} where ${notEncrypted(c.column)}${c.where ? sql` and ${c.where}` : sql``}`,
  );
  for (const row of rows) {
    if (isEncrypted(row.value)) continue;
    await db.execute(
      sql`update ${table} set ${column} = ${encryptSecret(row.value)} where id = ${row.id} and ${column} = ${row.value}`,
    );
  }
  return rows.length;
}

/** Connection tokens: the look-up hash from the plain token, then the token itself encrypted. */
async function hashConnectionTokens(db: Db): Promise<number> {
  const rows = await rowsOf<{ id: number; token: string }>(
    db,
    sql`select id, token from whatsapps where ${notEncrypted("token")}`,
  );
  for (const row of rows) {
    await db.execute(
      sql`update whatsapps set token_hash = ${lookupHash(row.token)}, token = ${encryptSecret(row.token)}
          where id = ${row.id} and token = ${row.token}`,
    );
  }
  return rows.length;
}

export async function encryptExistingSecrets(db: Db, log: FastifyBaseLogger): Promise<void> {
  await assertSecretsKeyMatches(db);
  let count = await hashConnectionTokens(db);
  for (const c of encryptedColumns) count += await encryptColumn(db, c);
  if (count > 0) log.info({ count }, "encrypted secrets stored before encryption");
}
