/**
 * A record's attachment through its `{path}/media-upload` (schedules, quick
 * messages, campaigns, announcements): the file sent, or the stored one
 * removed at once; each answers the record as it now is.
 */
import { api } from "../../api/http";

/** `path`: the record's own, e.g. `/schedules/7`; `fields` go before the file (the server reads them first). */
export function uploadMedia<T>(path: string, file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return api.post<T>(`${path}/media-upload`, form);
}

export function removeMedia<T>(path: string) {
  return api.delete<T>(`${path}/media-upload`);
}
