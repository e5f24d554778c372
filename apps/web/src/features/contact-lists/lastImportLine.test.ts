import { contactListLimits, type ContactListImportOutcome } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { lastImportLine } from "./lastImportLine";

const outcome = (o: Partial<ContactListImportOutcome>): ContactListImportOutcome => ({
  status: "done",
  error: null,
  total: 0,
  imported: 0,
  failed: 0,
  finishedAt: "2026-12-07T05:00:00.000Z",
  ...o,
});

describe("a contact list's last import", () => {
  it("shows nothing for a list never imported into, and 'importing' while it runs", () => {
    expect(lastImportLine(null)).toBeNull();
    expect(lastImportLine(outcome({ status: "running", finishedAt: null }))).toEqual({
      severity: "info",
      texts: [["contactLists.lastImport.running"]],
    });
  });

  it("says a failed file failed and why, in the import dialog's words for an unreadable sheet", () => {
    expect(lastImportLine(outcome({ status: "failed", error: "ERR_INVALID_FILE" }))).toEqual({
      severity: "error",
      texts: [["contactLists.lastImport.failed"], ["contactListItems.import.failed"]],
    });
    expect(lastImportLine(outcome({ status: "failed", error: "ERR_INTERNAL_SERVER_ERROR" }))?.texts[1]).toEqual([
      "backendErrors.ERR_INTERNAL_SERVER_ERROR",
    ]);
  });

  it("counts a finished import, a warning when rows were refused or the sheet was cut at the row cap", () => {
    expect(lastImportLine(outcome({ total: 120, imported: 120 }))).toEqual({
      severity: "success",
      texts: [["contactLists.lastImport.done", { imported: 120, failed: 0 }]],
    });
    expect(lastImportLine(outcome({ total: 123, imported: 120, failed: 3 }))?.severity).toBe("warning");
    const cut = lastImportLine(outcome({ error: "ERR_FILE_TOO_LARGE", total: 50_000, imported: 50_000 }));
    expect(cut).toEqual({
      severity: "warning",
      texts: [
        ["contactLists.lastImport.done", { imported: 50_000, failed: 0 }],
        ["contactListItems.import.truncated", { max: contactListLimits.importMaxRows }],
      ],
    });
  });
});
