/**
 * Asaas' HTTP API v3 (https://docs.asaas.com): JSON over HTTPS, the account's
 * API key in the `access_token` header. Its refusals are
 * `{errors: [{code, description}]}` with a 4xx status; 401 is a wrong key.
 */
import { PaymentProviderError } from "../payment-provider.js";

/** Long enough for a slow answer, short enough that a person at the checkout is not left waiting. */
const TIMEOUT_MS = 10_000;

export interface AsaasClient {
  /** The parsed answer; undefined for a 404 (no such record). */
  call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T | undefined>;
}

interface AsaasErrors {
  errors?: { code?: string; description?: string }[];
}

function firstDescription(body: unknown): string | undefined {
  const errors = (body as AsaasErrors | null)?.errors;
  return Array.isArray(errors) ? errors.find((e) => typeof e?.description === "string")?.description : undefined;
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

export function asaasClient(baseUrl: string, accessToken: string): AsaasClient {
  return {
    async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T | undefined> {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            access_token: accessToken,
            "content-type": "application/json",
            // Asaas asks integrations to name themselves.
            "user-agent": "Balcao",
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new PaymentProviderError("unavailable");
      }
      const answer = await readJson(res);
      if (res.ok) {
        if (answer === undefined) throw new PaymentProviderError("unavailable");
        return answer as T;
      }
      if (res.status === 404) return undefined;
      // A wrong or revoked key, rate limits and Asaas' own failures are the platform's to fix, not the payer's.
      if (res.status === 401 || res.status === 403 || res.status === 429 || res.status >= 500) {
        throw new PaymentProviderError("unavailable");
      }
      throw new PaymentProviderError("refused", firstDescription(answer)?.slice(0, 300));
    },
  };
}
