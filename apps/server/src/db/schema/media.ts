import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

/**
 * Every file kept in a company's media folder (issue 29 item 9): what the company's
 * storage counts, and what the unused-media sweep looks at. A row is written before its
 * file is moved in and deleted after the file is removed, so a crash between the two
 * leaves a row without a file (counted until the sweep removes it), never an uncounted file.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    /** "<companyId>/<random><ext>", the mediaPath the referring rows hold. */
    path: text("path").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_files_company_idx").on(t.companyId, t.createdAt)],
);
