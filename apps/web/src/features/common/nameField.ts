import { limits } from "@balcao/contracts";
import { z } from "zod";

/**
 * A name of 2 to 50 characters (business-areas §9, core §5), with the form's own
 * messages: `${prefix}.nameRequired`, `nameShort`, `nameLong`.
 */
export function nameField(prefix: string) {
  return z
    .string()
    .trim()
    .min(1, `${prefix}.nameRequired`)
    .min(limits.nameMin, `${prefix}.nameShort`)
    .max(limits.nameMax, `${prefix}.nameLong`);
}
