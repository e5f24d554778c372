/**
 * User realtime, driven by the domain events after their commit:
 * company-{companyId}-user create/update/delete (core-platform §7.9). The
 * channel reaches every user of the company, so the user is loaded as a
 * non-super viewer sees it: a super user's copy would carry platform secrets.
 */
import type { Context } from "../../context.js";
import type { DomainEvents } from "../../events/events.js";
import { AppError } from "../../http/errors.js";
import { loadAuthUser } from "./users.service.js";

async function publish(ctx: Context, action: "create" | "update", e: DomainEvents["user.created"]) {
  const user = await loadAuthUser(ctx, e.companyId, e.userId, { super: false }).catch((err: unknown) => {
    // Deleted meanwhile: nothing left to show.
    if (err instanceof AppError && err.code === "ERR_NO_USER_FOUND") return undefined;
    throw err;
  });
  if (user) ctx.realtime.emit("user", { companyId: e.companyId }, { action, user });
}

export function subscribeUserRealtime(ctx: Context): void {
  ctx.events.on("user.created", (e) => publish(ctx, "create", e));
  ctx.events.on("user.updated", (e) => publish(ctx, "update", e));
  ctx.events.on("user.deleted", (e) =>
    ctx.realtime.emit("user", { companyId: e.companyId }, { action: "delete", userId: e.userId }),
  );
}
