/**
 * The error toasts of the super user's Companies, Plans and Help tabs
 * (core-platform §8.2): `{scope}.toasts.errorList` when the list cannot load,
 * `errorOperation` when a save is refused as invalid (it also hints at a
 * duplicate name), the server's own message for any other known refusal, and
 * the generic `error` otherwise.
 */
import { isErrorCode, timings } from "@balcao/contracts";
import { toast } from "react-toastify";
import { ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";
import i18n from "../../i18n";

export type AdminScope = "settings.company" | "plans" | "settings.helps";

const show = (scope: AdminScope, key: "errorList" | "error" | "errorOperation") =>
  toast.error(i18n.t(`${scope}.toasts.${key}`), { toastId: `${scope}-${key}`, autoClose: timings.errorToastMs });

export function listError(scope: AdminScope) {
  show(scope, "errorList");
}

export function operationError(scope: AdminScope, err: unknown) {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === "ERR_VALIDATION" || code?.endsWith("_ALREADY_EXISTS")) return show(scope, "errorOperation");
  if (code && isErrorCode(code) && code !== "ERR_INTERNAL_SERVER_ERROR") return toastError(err);
  show(scope, "error");
}
