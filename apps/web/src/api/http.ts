/**
 * The HTTP client: bearer token, credentials, one token refresh on 403 shared
 * by every waiting request, logout on 401 or a failed refresh (core-platform §4.5).
 */
import type { ErrorBody, LoginResponse } from "@balcao/contracts";
import { readStored, removeStored, writeStored } from "./storage";

export const API_BASE = "/api";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> & Record<string, unknown>,
  ) {
    super(typeof body.error === "string" ? body.error : `HTTP ${status}`);
  }
  get code(): string | undefined {
    return typeof this.body.error === "string" ? this.body.error : undefined;
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Options {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Skip the refresh-and-retry dance (login, refresh itself). */
  noRetry?: boolean;
}

let onSessionEnd: () => void = () => undefined;
/** The auth context registers what a lost session does (clear and go to /login). */
export function setSessionEndHandler(fn: () => void) {
  onSessionEnd = fn;
}

let refreshing: Promise<LoginResponse> | null = null;

export function refreshToken(): Promise<LoginResponse> {
  refreshing ??= send<LoginResponse>("POST", "/auth/refresh_token", { noRetry: true })
    .then((data) => {
      writeStored("token", data.token);
      return data;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function url(path: string, query?: Options["query"]) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const q = qs.toString();
  return `${API_BASE}${path}${q ? `?${q}` : ""}`;
}

async function send<T>(method: Method, path: string, opts: Options = {}): Promise<T> {
  const token = readStored<string>("token");
  const isForm = typeof FormData !== "undefined" && opts.body instanceof FormData;
  const res = await fetch(url(path, opts.query), {
    method,
    credentials: "include",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  if (res.ok) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const body = (await res.json().catch(() => ({}))) as ApiError["body"];
  throw new ApiError(res.status, body);
}

export async function request<T>(method: Method, path: string, opts: Options = {}): Promise<T> {
  try {
    return await send<T>(method, path, opts);
  } catch (err) {
    if (!(err instanceof ApiError) || opts.noRetry) throw err;
    if (err.status === 403 && err.code === "ERR_INVALID_TOKEN") {
      try {
        await refreshToken();
      } catch (refreshErr) {
        if (isRefusal(refreshErr)) endSession();
        throw refreshErr;
      }
      return send<T>(method, path, opts);
    }
    if (err.status === 401) endSession();
    throw err;
  }
}

/**
 * Whether the server turned the session down (a 4xx answer: ERR_SESSION_EXPIRED,
 * ERR_INVALID_TOKEN…). A refresh that never got an answer (the page reloading
 * under it, the network gone), or one the server could not serve then (5xx, too
 * many requests), is not a refusal: the session is kept and refreshed again later.
 */
export function isRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
}

function endSession() {
  removeStored("token", "companyId", "userId", "companyDueDate");
  onSessionEnd();
}

export const api = {
  get: <T>(path: string, query?: Options["query"]) => request<T>("GET", path, { query }),
  post: <T>(path: string, body?: unknown, opts?: Omit<Options, "body">) => request<T>("POST", path, { ...opts, body }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
  delete: <T>(path: string, query?: Options["query"]) => request<T>("DELETE", path, { query }),
};
