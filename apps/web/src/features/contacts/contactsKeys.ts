/** Shared by the contacts list, its modals and the import. */

/** The TanStack Query key root of the contacts list. */
export const contactsKey = "contacts";

/**
 * Imports this tab is running: its own list skips the per-batch "reload"
 * events (refetching while importing competes with the import for the
 * database) and refetches once when the import ends.
 */
export const importsRunning = { count: 0 };
