/**
 * A list's last spreadsheet import as one line (issue 29): under way, failed with the file's reason, or
 * done with its counts (and, for a sheet past the row cap, that the rest was left out).
 */
import { contactListLimits, type ContactListImportOutcome } from "@balcao/contracts";

export interface LastImportLine {
  severity: "info" | "success" | "warning" | "error";
  /** i18n keys with their values, shown one after another. */
  texts: [key: string, values?: Record<string, number>][];
}

/** The import dialog's own words for a sheet that could not be read; any other code, the catalogue's. */
const reasonKey = (error: string | null) =>
  !error || error === "ERR_INVALID_FILE" ? "contactListItems.import.failed" : `backendErrors.${error}`;

export function lastImportLine(outcome: ContactListImportOutcome | null): LastImportLine | null {
  if (!outcome) return null;
  switch (outcome.status) {
    case "running":
      return { severity: "info", texts: [["contactLists.lastImport.running"]] };
    case "failed":
      return { severity: "error", texts: [["contactLists.lastImport.failed"], [reasonKey(outcome.error)]] };
    case "done": {
      const { imported, failed } = outcome;
      const line: LastImportLine = {
        severity: failed || outcome.error ? "warning" : "success",
        texts: [["contactLists.lastImport.done", { imported, failed }]],
      };
      if (outcome.error === "ERR_FILE_TOO_LARGE")
        line.texts.push(["contactListItems.import.truncated", { max: contactListLimits.importMaxRows }]);
      return line;
    }
  }
}
