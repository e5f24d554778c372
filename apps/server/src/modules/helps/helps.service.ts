/** Help videos (business-areas §2.17, core-platform §2.18 Help tab): super users write, everyone reads. */
import { helpLimits, type HelpDto, type HelpListResponse, type HelpSave } from "@balcao/contracts";
import { eq } from "drizzle-orm";
import type { Context } from "../../context.js";
import { helps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { presentHelp } from "./helps.presenter.js";
import { allHelps, findHelp, pageOfHelps } from "./helps.queries.js";

export async function pageHelps(ctx: Context, searchParam: string, pageNumber: number): Promise<HelpListResponse> {
  const { rows, count } = await pageOfHelps(ctx.db, searchParam.toLowerCase(), pageNumber);
  const seen = (pageNumber - 1) * helpLimits.pageSize + rows.length;
  return { helps: rows.map(presentHelp), count, hasMore: seen < count };
}

export async function listHelps(ctx: Context): Promise<HelpDto[]> {
  return (await allHelps(ctx.db)).map(presentHelp);
}

async function loadHelp(ctx: Context, id: number) {
  const help = await findHelp(ctx.db, id);
  if (!help) throw new AppError("ERR_NOT_FOUND");
  return help;
}

export async function showHelp(ctx: Context, id: number): Promise<HelpDto> {
  return presentHelp(await loadHelp(ctx, id));
}

export async function createHelp(ctx: Context, { title, description, video }: HelpSave): Promise<HelpDto> {
  const [row] = await ctx.db.insert(helps).values({ title, description, video }).returning();
  return presentHelp(row!);
}

export async function updateHelp(ctx: Context, id: number, { title, description, video }: HelpSave): Promise<HelpDto> {
  await loadHelp(ctx, id);
  const [row] = await ctx.db
    .update(helps)
    .set({ title, description, video, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning();
  return presentHelp(row!);
}

export async function deleteHelp(ctx: Context, id: number): Promise<void> {
  await loadHelp(ctx, id);
  await ctx.db.delete(helps).where(eq(helps.id, id));
}
