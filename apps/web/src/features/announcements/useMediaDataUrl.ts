/**
 * An image the API serves at /public/{mediaPath}, for an <img>: fetched with
 * the bearer token (an <img> cannot send it) and kept as a data: URL, so the
 * cache owns it and no object URL has to be revoked.
 */
import { useQuery } from "@tanstack/react-query";
import { fetchBlob } from "../../api/download";

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // readAsDataURL always yields a string.
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error("unreadable image"));
    reader.readAsDataURL(blob);
  });
}

export function useMediaDataUrl(mediaPath: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: ["media", mediaPath],
    queryFn: async () => toDataUrl(await fetchBlob(`/public/${mediaPath}`)),
    enabled: Boolean(mediaPath),
    // A stored file never changes: a new upload gets a new path.
    staleTime: Infinity,
    retry: false,
  });
  return mediaPath ? query.data : undefined;
}
