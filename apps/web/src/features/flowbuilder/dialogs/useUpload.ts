/**
 * A dialog's upload step: busy while files go up, then the success toast and the §9 wait
 * (the spinner stays), then the node's data is saved. A failure is toasted and nothing is saved.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/toast-error";
import { CompressionError } from "../media/compress";

export function useUpload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  /** Runs `work`; on success toasts `successKey`, waits `waitMs` and hands its result to `done`. */
  async function run<T>(work: () => Promise<T>, successKey: string, waitMs: number, done: (result: T) => void) {
    setBusy(true);
    try {
      const result = await work();
      toast.success(t(successKey));
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (alive.current) done(result);
    } catch (err) {
      if (err instanceof CompressionError) toast.error(t("flowDialogs.errors.compress"));
      else toastError(err);
    } finally {
      if (alive.current) setBusy(false);
    }
  }
  return { busy, run };
}
