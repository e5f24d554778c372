import type { BlockDialog, DialogNodeType } from "./types";

/** Each node type's dialog; filled in as the dialogs are built. */
export const blockDialogs: Partial<Record<DialogNodeType, BlockDialog>> = {};
