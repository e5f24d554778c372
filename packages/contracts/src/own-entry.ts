/**
 * A lookup table's entry for a key that came from outside (a path, a payload,
 * a file's mimetype): only the table's own entries count, never the names
 * every object inherits (`constructor`, `__proto__`, `toString`).
 */
export function ownEntry<T>(table: Readonly<Partial<Record<string, T>>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
