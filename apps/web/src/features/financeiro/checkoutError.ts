/**
 * What a failed checkout says: the provider's refusal with its own words when
 * it gave some (billing-api §2), else the common error text.
 */
import { ApiError } from "../../api/http";
import { errorMessage } from "../../api/toast-error";
import i18n from "../../i18n";

export function checkoutErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === "ERR_PAYMENT_PROVIDER_REFUSED") {
    const description = (err.body.details as { description?: unknown } | undefined)?.description;
    if (typeof description === "string" && description) {
      return i18n.t("checkoutPage.providerRefused", { description });
    }
  }
  return errorMessage(err);
}
