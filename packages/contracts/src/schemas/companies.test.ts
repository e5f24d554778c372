/** The due-date arithmetic of the expiry button and renewals (core-platform §4.6). */
import { describe, expect, it } from "vitest";
import { addRecurrence, companyCreateSchema, isCalendarDay, renewDueDate } from "./companies.js";

describe("addRecurrence", () => {
  it.each([
    ["MENSAL", "2030-01-15", "2030-02-15"],
    ["BIMESTRAL", "2030-01-15", "2030-03-15"],
    ["TRIMESTRAL", "2030-01-15", "2030-04-15"],
    ["SEMESTRAL", "2030-01-15", "2030-07-15"],
    ["ANUAL", "2030-01-15", "2031-01-15"],
    ["MENSAL", "2030-12-10", "2031-01-10"],
  ] as const)("%s moves %s to %s", (recurrence, from, to) => {
    expect(addRecurrence(from, recurrence)).toBe(to);
  });

  it("ends on the last day of a shorter month instead of spilling into the next", () => {
    expect(addRecurrence("2030-01-31", "MENSAL")).toBe("2030-02-28");
    expect(addRecurrence("2032-01-31", "MENSAL")).toBe("2032-02-29");
    expect(addRecurrence("2030-08-31", "SEMESTRAL")).toBe("2031-02-28");
  });
});

describe("renewDueDate", () => {
  it("counts from the due date while it is ahead of today", () => {
    expect(renewDueDate("2030-03-20", "MENSAL", "2030-03-01")).toBe("2030-04-20");
  });

  it("counts from today once the due date has passed, or when there is none", () => {
    expect(renewDueDate("2030-01-05", "MENSAL", "2030-03-01")).toBe("2030-04-01");
    expect(renewDueDate(null, "ANUAL", "2030-03-01")).toBe("2031-03-01");
    expect(renewDueDate("garbage", "MENSAL", "2030-03-01")).toBe("2030-04-01");
  });
});

describe("company form values", () => {
  it("knows real calendar days", () => {
    expect(isCalendarDay("2032-02-29")).toBe(true);
    expect(isCalendarDay("2030-02-29")).toBe(false);
    expect(isCalendarDay("30/12/2030")).toBe(false);
  });

  it("reads what the form sends: 't' status, an empty due date as null, digits of the phone", () => {
    const parsed = companyCreateSchema.parse({
      name: "Loja",
      email: "A@B.COM",
      planId: "3",
      status: "t",
      dueDate: "",
      phone: "(11) 98765-4321",
      recurrence: "",
    });
    expect(parsed).toMatchObject({
      email: "a@b.com",
      planId: 3,
      status: true,
      dueDate: null,
      phone: "11987654321",
      recurrence: "MENSAL",
      campaignsEnabled: false,
    });
  });
});
