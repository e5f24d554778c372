import type { AuthUser } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { daysUntil, expiryWarningDays, formatDueDate } from "./subscription";

const user = (dueDate: string | null, over: Partial<AuthUser> = {}): AuthUser => ({
  id: 2,
  name: "Ana",
  email: "ana@example.com",
  profile: "admin",
  super: false,
  companyId: 7,
  whatsappId: null,
  allTicket: "desabled",
  language: null,
  online: true,
  queues: [],
  company: { id: 7, name: "Loja", dueDate, settings: [] },
  ...over,
});
const today = new Date(2025, 2, 10, 23, 30);

describe("subscription warning (core-platform §4.5)", () => {
  it("counts calendar days whatever the hour", () => {
    expect(daysUntil("2025-03-14", today)).toBe(4);
    expect(daysUntil("2025-03-10T00:00:00.000Z", today)).toBe(0);
    expect(daysUntil("2025-03-09", today)).toBe(-1);
  });

  it("warns below 5 days only", () => {
    expect(expiryWarningDays(user("2025-03-14"), today)).toBe(4);
    expect(expiryWarningDays(user("2025-03-15"), today)).toBeNull();
  });

  it("never warns the platform company or a super user", () => {
    expect(expiryWarningDays(user("2025-03-11", { companyId: 1 }), today)).toBeNull();
    expect(expiryWarningDays(user("2025-03-11", { super: true }), today)).toBeNull();
    expect(expiryWarningDays(user(null), today)).toBeNull();
  });

  it("formats the due date as dd/MM/yyyy", () => {
    expect(formatDueDate("2025-03-14")).toBe("14/03/2025");
  });
});
