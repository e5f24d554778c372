/** Room scopes deliver a ticket's events to exactly the users ticket-visibility.ts lets see it. */
import { describe, expect, it } from "vitest";
import { canSee, type Viewer } from "../modules/tickets/ticket-visibility.js";
import { ticketScopes, viewerScopes } from "./ticket-scopes.js";

const ME = 7;
const viewers: Viewer[] = [];
for (const overseer of [false, true])
  for (const queueIds of [[], [1], [1, 2]])
    for (const seesNoQueue of [false, true])
      viewers.push({ id: ME, companyId: 1, profile: overseer ? "admin" : "user", overseer, queueIds, seesNoQueue });

const places: { queueId: number | null; userId: number | null }[] = [];
for (const queueId of [null, 1, 2, 3]) for (const userId of [null, ME, 8]) places.push({ queueId, userId });

describe("ticket scopes", () => {
  it.each(viewers)("match canSee for every ticket place: %j", (viewer) => {
    for (const place of places) {
      const shared = viewerScopes(viewer).some((scope) => ticketScopes(place).includes(scope));
      expect(shared, JSON.stringify(place)).toBe(canSee(viewer, place));
    }
  });
});
