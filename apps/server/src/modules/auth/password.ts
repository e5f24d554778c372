import bcrypt from "bcryptjs";

// bcrypt-compatible hashes, so users migrated from older installs still log in.
const PRODUCTION_ROUNDS = 10;
const ROUNDS = process.env.NODE_ENV === "test" ? 4 : PRODUCTION_ROUNDS;

export const hashPassword = (plain: string) => bcrypt.hash(plain, ROUNDS);

/**
 * Stands in for the hash of an unknown account, so that checking a password
 * costs as much whether the account exists or not (no probing by timing). It
 * costs what a stored hash costs in production, in tests too, where new
 * passwords are hashed cheaply but stored ones may come from production.
 */
let dummyHash: Promise<string> | undefined;

/** Whether `plain` is the password of `hash`; without a hash, the same work and false. */
export async function checkPassword(plain: string, hash: string | undefined): Promise<boolean> {
  if (hash !== undefined) return bcrypt.compare(plain, hash);
  dummyHash ??= bcrypt.hash("no account has this password", PRODUCTION_ROUNDS);
  await bcrypt.compare(plain, await dummyHash);
  return false;
}
