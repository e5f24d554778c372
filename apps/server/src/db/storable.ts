/**
 * PostgreSQL refuses a NUL character in text and jsonb, and a lone UTF-16
 * surrogate in jsonb: what a customer sent must be stored anyway, so those
 * characters become U+FFFD (the replacement character) before it is written.
 */

// A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text with NULs and lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replace(unstorable, "\uFFFD");
}

/** Whether PostgreSQL can store the text as it is (requests carrying other text are refused). */
export function isStorableText(text: string): boolean {
  return storableText(text) === text;
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
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableJson) as T;
  if (value && typeof value === "object" && isPlain(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)])) as T;
  return value;
}

/** JSON.stringify whose strings are storable in jsonb, whatever objects the value holds. */
export function storableJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? storableText(v) : v));
}
