import bcrypt from "bcryptjs";

// bcrypt-compatible hashes, so users migrated from older installs still log in.
const ROUNDS = process.env.NODE_ENV === "test" ? 4 : 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, ROUNDS);
export const checkPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);
