/** A failed dashboard call shows its own §8.2 toast, once per failure. */
import { useEffect } from "react";
import { timings } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

export function useErrorToast(error: unknown, key: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) toast.error(t(key), { toastId: key, autoClose: timings.errorToastMs });
  }, [error, key, t]);
}
