/**
 * Billing (issue 14): a company's invoices, one per period (its due date), and
 * the payment provider's customer for each company. A charge made with the
 * provider is kept on its invoice (provider + id), so a repeated checkout
 * reuses it and only a charge we made can pay an invoice.
 */
import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.js";

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The plan's name when the invoice was made. */
    detail: text("detail").notNull(),
    /** The plan's value when the invoice was made: what a checkout charges, whatever the client sends. */
    value: numeric("value", { precision: 12, scale: 2, mode: "number" }).notNull(),
    /** The period's due date (the company's due date the invoice was made for). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status").notNull().default("open"),
    /** The provider that holds this invoice's open charge ("asaas"), and its id there. */
    chargeProvider: text("charge_provider"),
    chargeId: text("charge_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The company's due date this payment moved it to. */
    renewedUntil: date("renewed_until", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Never two invoices for one period of a company, whoever makes them (the daily job, sign-up).
    uniqueIndex("invoices_company_due_uq").on(t.companyId, t.dueDate),
    // A webhook names the charge: one invoice per provider charge.
    uniqueIndex("invoices_charge_uq").on(t.chargeProvider, t.chargeId),
    // The re-check job walks the open invoices that have a charge.
    index("invoices_open_charge_idx")
      .on(t.id)
      .where(sql`${t.status} = 'open' and ${t.chargeId} is not null`),
  ],
);

/** The provider's customer id of a company (made once, at its first checkout). */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] })],
);
