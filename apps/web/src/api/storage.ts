/** Browser-stored values of core-platform §3, under their contract keys. */
export const storageKeys = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  companyDueDate: "companyDueDate",
  volume: "volume",
  language: "i18nextLng",
  signOption: "signOption",
  theme: "preferredTheme",
  cshow: "cshow",
} as const;

type Key = keyof typeof storageKeys;

export function readStored<T>(key: Key): T | undefined {
  const raw = localStorage.getItem(storageKeys[key]);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return raw as T;
  }
}

/** Strings are kept raw ("dark", "pt"); the token is JSON-quoted as clients of this family expect. */
export function writeStored(key: Key, value: unknown) {
  const raw = typeof value === "string" && key !== "token" ? value : JSON.stringify(value);
  localStorage.setItem(storageKeys[key], raw);
}

export function removeStored(...keys: Key[]) {
  for (const key of keys) localStorage.removeItem(storageKeys[key]);
}
