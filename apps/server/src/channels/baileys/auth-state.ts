/**
 * A WhatsApp Web session's auth state (creds and signal keys) in the
 * database, one `baileys_keys` row per key, so a restart resumes the session
 * without a new scan. Values are JSON written with Baileys' BufferJSON, the
 * same encoding its file store uses, so buffers survive the round trip.
 */
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "@whiskeysockets/baileys";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { baileysKeys } from "../../db/schema/index.js";

const CREDS = "creds";
/** Keys of the session that are ours, not Baileys': kept apart from the signal keys by prefix. */
export const META_PREFIX = "meta:";

/** The stored state cannot be read back: the connection needs a new scan. */
export class CorruptAuthState extends Error {}

export interface StoredAuth {
  state: AuthenticationState;
  /** True when creds were stored, i.e. the phone was paired before. */
  resumed: boolean;
  saveCreds(): Promise<void>;
}

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);
const signalKey = (type: string, id: string) => `${type}-${id}`;

export async function loadAuthState(db: Db, whatsappId: number): Promise<StoredAuth> {
  const stored = await readValue(db, whatsappId, CREDS);
  const creds = stored === undefined ? initAuthCreds() : parseCreds(stored);
  return {
    resumed: stored !== undefined,
    saveCreds: () => writeValues(db, whatsappId, [[CREDS, encode(creds)]]),
    state: {
      creds,
      keys: {
        get: <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) =>
          readSignalKeys<T>(db, whatsappId, type, ids),
        set: (data: SignalDataSet) => writeSignalKeys(db, whatsappId, data),
      },
    },
  };
}

function parseCreds(text: string): AuthenticationCreds {
  let creds: unknown;
  try {
    creds = decode(text);
  } catch {
    throw new CorruptAuthState("the stored creds are not valid JSON");
  }
  const c = creds as Partial<AuthenticationCreds> | null;
  if (!Buffer.isBuffer(c?.noiseKey?.private) || !Buffer.isBuffer(c?.signedIdentityKey?.private) || !c?.advSecretKey) {
    throw new CorruptAuthState("the stored creds lack their keys");
  }
  return c as AuthenticationCreds;
}

async function readSignalKeys<T extends keyof SignalDataTypeMap>(
  db: Db,
  whatsappId: number,
  type: T,
  ids: string[],
): Promise<Record<string, SignalDataTypeMap[T]>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ key: baileysKeys.key, value: baileysKeys.value })
    .from(baileysKeys)
    .where(
      and(
        eq(baileysKeys.whatsappId, whatsappId),
        inArray(
          baileysKeys.key,
          ids.map((id) => signalKey(type, id)),
        ),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const found: Record<string, SignalDataTypeMap[T]> = {};
  for (const id of ids) {
    const text = byKey.get(signalKey(type, id));
    if (text === undefined) continue;
    const value = decode(text);
    // Baileys reads this one as a protobuf object, not plain JSON.
    found[id] = (
      type === "app-state-sync-key" ? proto.Message.AppStateSyncKeyData.fromObject(value as object) : value
    ) as SignalDataTypeMap[T];
  }
  return found;
}

async function writeSignalKeys(db: Db, whatsappId: number, data: SignalDataSet): Promise<void> {
  const upserts: [string, string][] = [];
  const removals: string[] = [];
  for (const [type, entries] of Object.entries(data)) {
    for (const [id, value] of Object.entries(entries ?? {})) {
      if (value === null || value === undefined) removals.push(signalKey(type, id));
      else upserts.push([signalKey(type, id), encode(value)]);
    }
  }
  await db.transaction(async (tx) => {
    if (removals.length > 0) {
      await tx
        .delete(baileysKeys)
        .where(and(eq(baileysKeys.whatsappId, whatsappId), inArray(baileysKeys.key, removals)));
    }
    await writeValues(tx, whatsappId, upserts);
  });
}

async function writeValues(db: Db, whatsappId: number, entries: [string, string][]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(baileysKeys)
    .values(entries.map(([key, value]) => ({ whatsappId, key, value })))
    .onConflictDoUpdate({ target: [baileysKeys.whatsappId, baileysKeys.key], set: { value: sql`excluded.value` } });
}

async function readValue(db: Db, whatsappId: number, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: baileysKeys.value })
    .from(baileysKeys)
    .where(and(eq(baileysKeys.whatsappId, whatsappId), eq(baileysKeys.key, key)));
  return row?.value;
}

/** Our own values kept with the session (pairing time, the phone's address book). */
export async function readMeta<T>(db: Db, whatsappId: number, name: string): Promise<T | undefined> {
  const text = await readValue(db, whatsappId, META_PREFIX + name);
  return text === undefined ? undefined : (decode(text) as T);
}

export function writeMeta(db: Db, whatsappId: number, name: string, value: unknown): Promise<void> {
  return writeValues(db, whatsappId, [[META_PREFIX + name, encode(value)]]);
}

/** A logout or a new QR: everything of the old pairing goes, our own values too. */
export async function clearAuthState(db: Db, whatsappId: number): Promise<void> {
  await db.delete(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
}
