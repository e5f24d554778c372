/** The static permission table of core-platform §6, used by menu, pages and server alike. */
import { ownEntry } from "./own-entry.js";
export const profiles = ["admin", "user", "supervisor"] as const;
export type Profile = (typeof profiles)[number];

export const permissions = [
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
] as const;
export type Permission = (typeof permissions)[number];

const rules: Record<string, readonly Permission[]> = {
  user: [],
  admin: permissions,
  // The spec leaves the supervisor's rules open; it supervises, so it gets
  // what an agent lacks to oversee the queue, but no administration.
  supervisor: ["dashboard:view", "tickets-manager:showall"],
};

/** An unknown role is denied everything. */
export function can(profile: string | undefined, permission: Permission): boolean {
  if (!profile) return false;
  return ownEntry(rules, profile)?.includes(permission) ?? false;
}
