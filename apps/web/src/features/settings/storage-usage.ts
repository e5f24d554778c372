/** A company's stored media against its plan's storage (issue 29 item 9), as the pages show it. */
const units = ["B", "KB", "MB", "GB", "TB"] as const;

/** 1536 → "1,5 KB" in pt; one decimal under 10 of a unit, none above. */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** The share used, 0 to 100 (a plan without room is full at once). */
export function usedPercent(usedBytes: number, limitMb: number): number {
  const limit = limitMb * 1024 * 1024;
  if (limit <= 0) return usedBytes > 0 ? 100 : 0;
  return Math.min(100, (usedBytes / limit) * 100);
}
