import { toast } from "react-toastify";
import { timings } from "@balcao/contracts";
import { ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";
import i18n from "../../i18n";

/**
 * The server's error, localised; a refused token gets its own words (the
 * catalogue's ERR_SESSION_EXPIRED speaks of the user's session, which is fine).
 */
export function showSendError(err: unknown) {
  if (err instanceof ApiError && err.status === 401) {
    toast.error(i18n.t("messagesAPI.toasts.invalidToken"), { toastId: "api-token", autoClose: timings.errorToastMs });
    return;
  }
  toastError(err);
}
