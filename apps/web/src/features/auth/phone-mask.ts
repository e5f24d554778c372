/** The sign-up phone mask (99) 99999-9999 of core-platform §2.5, at most 11 digits. */
import { limits } from "@balcao/contracts";

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, limits.signupPhoneMax);
}

/**
 * Formats as the user types. Separators only appear once a digit follows them,
 * so backspace removes digits instead of getting stuck on ") " or "-".
 */
export function maskPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
