/**
 * Sends parsed rows to POST /contacts/upload in batches (500 a request), one
 * after another, adding each answer to the result as it comes, so the modal
 * shows progress. A batch the server refuses reports its rows with the error.
 */
import { useCallback, useState } from "react";
import { contactLimits, type ContactUploadResult, type ContactUploadRow } from "@balcao/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../api/http";
import { contactsKey, importsRunning } from "./contactsKeys";

export interface ImportProgress {
  running: boolean;
  done: boolean;
  sent: number;
  total: number;
  result: ContactUploadResult;
}

const idle: ImportProgress = {
  running: false,
  done: false,
  sent: 0,
  total: 0,
  result: { newContacts: [], errorBag: [] },
};

/** The name a row goes by in the error list when the whole batch failed. */
function rowName(row: ContactUploadRow): string {
  const first = Object.values(row).find((v) => v !== null && String(v).trim() !== "");
  return first === undefined || first === null ? "" : String(first);
}

function failedBatch(rows: ContactUploadRow[], err: unknown): ContactUploadResult["errorBag"] {
  const message = err instanceof ApiError ? (err.code ?? `HTTP ${err.status}`) : "ERR_INTERNAL_SERVER_ERROR";
  return rows.map((row) => ({ contactName: rowName(row), error: { message } }));
}

export function useContactImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress>(idle);

  const run = useCallback(
    async (rows: ContactUploadRow[]) => {
      setProgress({ ...idle, running: true, total: rows.length });
      importsRunning.count += 1;
      try {
        for (let i = 0; i < rows.length; i += contactLimits.importBatch) {
          const batch = rows.slice(i, i + contactLimits.importBatch);
          const answer = await api
            .post<ContactUploadResult>("/contacts/upload", batch)
            .catch((err: unknown): ContactUploadResult => ({ newContacts: [], errorBag: failedBatch(batch, err) }));
          setProgress((p) => ({
            ...p,
            sent: p.sent + batch.length,
            result: {
              newContacts: [...p.result.newContacts, ...answer.newContacts],
              errorBag: [...p.result.errorBag, ...answer.errorBag],
            },
          }));
        }
      } finally {
        importsRunning.count -= 1;
      }
      setProgress((p) => ({ ...p, running: false, done: true }));
      void queryClient.invalidateQueries({ queryKey: [contactsKey] });
    },
    [queryClient],
  );

  const reset = useCallback(() => setProgress(idle), []);
  return { progress, run, reset };
}
