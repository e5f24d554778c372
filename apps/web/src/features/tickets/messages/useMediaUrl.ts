/**
 * Message media live under {host}/public/... and need the bearer token: the
 * file is fetched as a blob (api/download.ts) once it scrolls near the view,
 * and kept as an object URL for the session, so a long conversation only
 * downloads what is looked at.
 */
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchBlob } from "../../../api/download";
import { API_BASE } from "../../../api/http";

/** "/api/public/x.jpg" → "/public/x.jpg": fetchBlob prefixes the API base itself. */
export function apiPath(mediaUrl: string): string {
  return mediaUrl.startsWith(API_BASE) ? mediaUrl.slice(API_BASE.length) : mediaUrl;
}

export function useNearView<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || near) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: "300px 0px",
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function useMediaUrl(mediaUrl: string | null, enabled: boolean) {
  const query = useQuery({
    queryKey: ["media-blob", mediaUrl],
    queryFn: async () => URL.createObjectURL(await fetchBlob(apiPath(mediaUrl ?? ""))),
    enabled: enabled && Boolean(mediaUrl),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { url: query.data, failed: query.isError };
}
