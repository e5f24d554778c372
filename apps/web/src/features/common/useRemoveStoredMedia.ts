import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/toast-error";
import { removeMedia } from "./mediaUpload";

/** Removes a saved record's stored file: `removed` hears of the record without it, then a toast says so. */
export function useRemoveStoredMedia<T>(pathOf: (id: number) => string, doneKey: string, removed: (saved: T) => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: number) => removeMedia<T>(pathOf(id)),
    onSuccess: (saved) => {
      removed(saved);
      toast.success(t(doneKey));
    },
    onError: toastError,
  });
}
