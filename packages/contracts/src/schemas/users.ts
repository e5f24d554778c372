/**
 * Users (core-platform §2.16, §3 User, §5 "User modal", §7.2): what the user
 * modal sends, what the users page and the user selects read.
 */
import { z } from "zod";
import { idSchema } from "./ids.js";
import { limits } from "../constants.js";
import type { AuthUser, QueueRef } from "../entities.js";
import { profiles } from "../permissions.js";
import { emailSchema, listQuerySchema } from "../schemas.js";

export const userLimits = {
  /** Rows per page of GET /users. */
  pageSize: 20,
  /** Queues one user may be given at once. */
  queueIdsMax: 500,
} as const;

const passwordSchema = z.string().min(limits.passwordMin).max(limits.passwordMax);

/**
 * The user modal's body for PUT /users/{id}. The client also sends companyId,
 * and may send super: the company comes from the token and super is never
 * taken from a body, so unknown keys are accepted and ignored.
 */
export const userSaveSchema = z
  .object({
    name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
    email: emailSchema,
    // Empty means "keep the current password" in the edit form.
    password: z
      .union([z.literal(""), passwordSchema])
      .optional()
      .nullable(),
    profile: z.enum(profiles).optional(),
    allTicket: z.enum(["enabled", "desabled"]).optional(),
    whatsappId: z
      .union([idSchema, z.literal(""), z.null()])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    queueIds: z.array(idSchema).max(userLimits.queueIdsMax).optional(),
    /** Required to change one's own email or password (as long as login accepts a password). */
    currentPassword: z.string().max(200).optional().nullable(),
  })
  .loose();
export type UserSave = z.infer<typeof userSaveSchema>;

/**
 * PUT /users/{id}'s answer. `token` comes when the user changed their own
 * email or password: every other session ended, and this browser goes on with
 * this access token (the refresh cookie is renewed with it).
 */
export interface UserSaveResponse extends AuthUser {
  token?: string;
}

/** POST /users: the same body, with the password required (5 to 50). */
export const userCreateSchema = userSaveSchema.omit({ currentPassword: true }).extend({ password: passwordSchema });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** GET /users: searchParam (over name and email) and pageNumber from 1. */
export const userListQuerySchema = listQuerySchema.loose();

/** GET /users/list: companyId is honoured for super users only. */
export const userNamesQuerySchema = z.object({ companyId: z.union([idSchema, z.literal("")]).optional() }).loose();

/** A user as the users page lists it and the realtime channel carries it (AuthUser has these and more). */
export type UserDto = Omit<AuthUser, "language" | "company">;

export interface UserListPage {
  users: UserDto[];
  count: number;
  hasMore: boolean;
}

/**
 * GET /users/list: what the transfer modal and other user selects read; the
 * queues let the transfer modal preselect a user's only queue for agents too
 * (GET /users, which has them, is for admins).
 */
export interface UserName {
  id: number;
  name: string;
  queues: QueueRef[];
}

/**
 * Why a delete or an edit of a user was refused with ERR_NO_PERMISSION
 * (error details.reason), so the page can say which rule applied.
 */
export const userRefusals = ["self", "super", "lastAdmin"] as const;
export type UserRefusal = (typeof userRefusals)[number];
