/**
 * Files the API streams (e.g. contatos.csv, an announcement's image), fetched
 * with the session's bearer token, refreshing it once on a 403 like every
 * other call: as a blob, or handed to the browser as a download.
 */
import { API_BASE, ApiError, refreshToken } from "./http";
import { readStored } from "./storage";

type Query = Record<string, string | number | undefined>;

async function fetchFile(path: string, query: Query): Promise<Response> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") qs.set(k, String(v));
  const token = readStored<string>("token");
  return fetch(`${API_BASE}${path}${qs.size ? `?${qs.toString()}` : ""}`, {
    credentials: "include",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function failure(res: Response): Promise<ApiError> {
  return new ApiError(res.status, (await res.json().catch(() => ({}))) as ApiError["body"]);
}

/** A file the API serves, as a blob (an <img> cannot send the bearer token itself). */
export async function fetchBlob(path: string, query: Query = {}): Promise<Blob> {
  let res = await fetchFile(path, query);
  if (res.status === 403) {
    const err = await failure(res);
    if (err.code !== "ERR_INVALID_TOKEN") throw err;
    await refreshToken();
    res = await fetchFile(path, query);
  }
  if (!res.ok) throw await failure(res);
  return res.blob();
}

export async function downloadFile(path: string, filename: string, query: Query = {}): Promise<void> {
  const url = URL.createObjectURL(await fetchBlob(path, query));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
