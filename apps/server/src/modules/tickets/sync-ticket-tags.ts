/**
 * POST /tags/sync {ticketId, tags} (core-platform §2.9, §7.6): the tag
 * selector under the ticket header sends the ticket's whole tag set, which
 * replaces the current one. Tags come by id, or by the name of an existing
 * tag (the selector creates new ones through POST /tags first); a tag that is
 * not the company's answers 404 ERR_NOT_FOUND and nothing changes. The set is
 * written by ticket-tags.ts, like the kanban's moves.
 */
import type { TagSync, TicketDto } from "@balcao/contracts";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Context } from "../../context.js";
import { tags } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { AccessClaims } from "../auth/tokens.js";
import { changeTicketTags } from "./ticket-tags.js";

async function tagIdsOf(ctx: Context, companyId: number, wanted: TagSync["tags"]): Promise<number[]> {
  const ids = wanted.flatMap((t) => (t.id !== undefined ? [t.id] : []));
  const names = wanted.flatMap((t) => (t.id === undefined && t.name ? [t.name.toLowerCase()] : []));
  if (ids.length + names.length === 0) return [];
  const found = await ctx.db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.companyId, companyId),
        or(
          ids.length ? inArray(tags.id, ids) : undefined,
          names.length ? inArray(sql`lower(${tags.name})`, names) : undefined,
        ),
      ),
    );
  const foundIds = new Set(found.map((t) => t.id));
  const foundNames = new Set(found.map((t) => t.name.toLowerCase()));
  if (ids.some((id) => !foundIds.has(id)) || names.some((n) => !foundNames.has(n))) {
    throw new AppError("ERR_NOT_FOUND");
  }
  return [...foundIds];
}

export async function syncTicketTags(ctx: Context, who: AccessClaims, input: TagSync): Promise<TicketDto> {
  const wanted = await tagIdsOf(ctx, who.companyId, input.tags);
  return changeTicketTags(ctx, who, input.ticketId, { add: wanted, replace: true });
}
