/**
 * Ids and other whole numbers that reach an integer column. PostgreSQL's
 * `integer` holds 1 … 2³¹−1; a bigger number refused here answers 400
 * ERR_VALIDATION instead of "value out of range for type integer" (issue 19).
 */
import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column. */
export const int32Max = 2_147_483_647;

/** A row id as a path, query or body sends it ("12" or 12). */
export const idSchema = z.coerce.number().int().min(1).max(int32Max);

/** "" or null is none; a number is an id. */
export const optionalId = z.union([z.null(), z.literal(""), idSchema]).transform((v) => v || null);

/** A whole number from a form or query, from `min` up to what an integer column holds. */
export const intSchema = (min: number, max: number = int32Max) => z.coerce.number().int().min(min).max(max);

/** A list's page, from 1: its offset stays far inside what PostgreSQL takes. */
export const pageNumberSchema = intSchema(1).optional().default(1);
