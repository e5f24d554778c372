/**
 * PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16
 * surrogate in jsonb: what a customer sent must be stored anyway, so those
 * characters become U+FFFD (the replacement character) before it is written.
 */

/** A NUL, or a lone surrogate (String.isWellFormed: native, and most text has neither). */
const unstorable = (text: string) => text.includes("\0") || !text.isWellFormed();

/** The text with NULs and lone surrogates replaced by U+FFFD (toWellFormed does the surrogates). */
export function storableText(text: string): string {
  return unstorable(text) ? text.toWellFormed().replaceAll("\0", "\uFFFD") : text;
}

/** Whether PostgreSQL can store the text as it is (requests carrying other text are refused). */
export function isStorableText(text: string): boolean {
  return !unstorable(text);
}

const isPlain = (value: object) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Every string of a value, keys included, made storable, through arrays and
 * plain objects (parsed JSON); anything else (a Date, a provider's class
 * instance) is kept as it is: `storableJsonText` cleans what it serialises to.
 */
export function storableJson<T>(value: T): T {
  return holdsUnstorable(value) ? cleaned(value) : value;
}

/** Whether any string of the value, keys included, may need cleaning (no copy made when none does). */
function holdsUnstorable(value: unknown): boolean {
  if (typeof value === "string") return unstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value && typeof value === "object" && isPlain(value))
    return Object.entries(value).some(([k, v]) => unstorable(k) || holdsUnstorable(v));
  return false;
}

function cleaned<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(cleaned) as T;
  if (value && typeof value === "object" && isPlain(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), cleaned(v)])) as T;
  return value;
}

// How JSON.stringify writes a NUL or a lone surrogate (a pair it writes as it is).
const escapedSuspect = /\\u(0000|d[89a-f])/i;

/** JSON.stringify whose strings are storable in jsonb, whatever objects the value holds. */
export function storableJsonText(value: unknown): string {
  const plain = JSON.stringify(value);
  // JSON.stringify writes a NUL or a lone surrogate as a \u escape (jsonb refuses both): only then clean it.
  return escapedSuspect.test(plain)
    ? JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? storableText(v) : v))
    : plain;
}
