import { describe, expect, it } from "vitest";
import { displayStatus, invoiceToPay } from "./invoiceRules";

const today = new Date(2025, 2, 10, 23, 30);

describe("invoice display status (core-platform §4.6)", () => {
  it("is paid whatever the due date", () => {
    expect(displayStatus({ status: "paid", dueDate: "2025-01-01" }, today)).toBe("paid");
  });

  it("is expired once the due date is before today, and open on the day itself and after", () => {
    expect(displayStatus({ status: "open", dueDate: "2025-03-09" }, today)).toBe("expired");
    expect(displayStatus({ status: "open", dueDate: "2025-03-10" }, today)).toBe("open");
    expect(displayStatus({ status: "open", dueDate: "2025-03-20T00:00:00.000Z" }, today)).toBe("open");
  });

  it("is cancelled, never overdue, once a due date change made it moot", () => {
    expect(displayStatus({ status: "cancelled", dueDate: "2025-03-01" }, today)).toBe("cancelled");
  });
});

describe("the invoice 'sign now' pays", () => {
  it("is the unpaid one due first, never a cancelled one", () => {
    const invoices = [
      { id: 4, status: "cancelled", dueDate: "2025-02-20" },
      { id: 3, status: "open", dueDate: "2025-04-10" },
      { id: 2, status: "open", dueDate: "2025-03-10" },
      { id: 1, status: "paid", dueDate: "2025-02-10" },
    ];
    expect(invoiceToPay(invoices)?.id).toBe(2);
    expect(invoiceToPay(invoices.filter((i) => i.id === 1))).toBeUndefined();
  });
});
