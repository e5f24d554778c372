/** Search helpers shared by list queries. */

/** `%text%` for ILIKE, with the pattern characters of the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search text as a WhatsApp username, lower-cased and without "@", when
 * it can be one: one word of at least 3 characters (what the trigram index
 * looks up); "" otherwise.
 */
export function usernameOf(text: string): string {
  const word = text.trim().toLowerCase().replace(/^@/, "");
  return /^[\p{L}\p{N}._-]{3,}$/u.test(word) ? word : "";
}
