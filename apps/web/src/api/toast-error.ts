/**
 * The common error handler: a known code shows its localised text, an unknown
 * code shows raw, a plain string as it is; toasts close after 2 s and are
 * de-duplicated by code (core-platform §8.1).
 */
import { isErrorCode, timings } from "@balcao/contracts";
import { toast } from "react-toastify";
import i18n from "../i18n";
import { ApiError } from "./http";

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const code = err.code;
    // The plan's storage is full: said as such, not as any plan limit.
    if (code === "ERR_PLAN_LIMIT_REACHED" && err.body.details?.limit === "storage") {
      return i18n.t("settings.storage.full");
    }
    if (code && isErrorCode(code)) return i18n.t(`backendErrors.${code}`);
    if (code) return code;
    return i18n.t("backendErrors.ERR_INTERNAL_SERVER_ERROR");
  }
  if (typeof err === "string") return err;
  if (err instanceof TypeError) return i18n.t("backendErrors.ERR_NETWORK");
  return i18n.t("backendErrors.ERR_INTERNAL_SERVER_ERROR");
}

export function toastError(err: unknown) {
  const id = err instanceof ApiError ? (err.code ?? `HTTP_${err.status}`) : errorMessage(err);
  toast.error(errorMessage(err), { toastId: id, autoClose: timings.errorToastMs });
}
