import { useSearchParams } from "react-router";

/**
 * The optional companyId query parameter that sign-up and password reset read
 * (§2.5, §2.6). Its use is not specified, so it only travels between the
 * access pages and never reaches the server (sign-up ignores a body companyId).
 */
export function useCompanyIdParam(): string | null {
  const [params] = useSearchParams();
  const value = params.get("companyId");
  return value && /^\d+$/.test(value) ? value : null;
}

/** A path on the access pages that keeps the companyId parameter if there is one. */
export function withCompanyId(path: string, companyId: string | null): string {
  return companyId ? `${path}?companyId=${companyId}` : path;
}
