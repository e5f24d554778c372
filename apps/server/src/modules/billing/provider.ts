/**
 * The payment provider billing uses: Asaas, at ASAAS_URL, with the access
 * token the platform company keeps in its `asaas` setting (super users set it
 * in Settings). Read at each use, so a new token works at once.
 */
import { PLATFORM_COMPANY_ID } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { secretSettingValue } from "../settings/settings.queries.js";
import { asaasClient } from "./asaas/asaas-client.js";
import { asaasProvider } from "./asaas/asaas-provider.js";
import { PaymentProviderError, type PaymentProvider } from "./payment-provider.js";

/** The provider, or PaymentProviderError("not_configured") while the platform has no token. */
export async function paymentProvider(ctx: Pick<Context, "db" | "config">): Promise<PaymentProvider> {
  const token = (await secretSettingValue(ctx.db, PLATFORM_COMPANY_ID, "asaas")).trim();
  if (!token) throw new PaymentProviderError("not_configured");
  return asaasProvider(asaasClient(ctx.config.ASAAS_URL, token));
}

/** The token Asaas' webhooks must carry (asaas-access-token); "" while none is set (every call refused). */
export function asaasWebhookToken(ctx: Pick<Context, "db">): Promise<string> {
  return secretSettingValue(ctx.db, PLATFORM_COMPANY_ID, "asaasWebhookToken");
}

/** The provider's failures as the catalogue's codes; anything else goes on as it is. */
export function asAppError(err: unknown): unknown {
  if (!(err instanceof PaymentProviderError)) return err;
  if (err.kind === "not_configured") return new AppError("ERR_PAYMENT_NOT_CONFIGURED");
  if (err.kind === "refused")
    return new AppError("ERR_PAYMENT_PROVIDER_REFUSED", { description: err.description ?? "" });
  return new AppError("ERR_PAYMENT_PROVIDER_UNAVAILABLE");
}
