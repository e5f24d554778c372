/**
 * Infinite scroll (business-areas §2.2): the next page loads when the end of
 * the list comes within 100 px of the visible area, the server said there is
 * more, and nothing is loading. Also fills a tall screen that a page leaves short.
 */
import { useEffect, useRef } from "react";
import { Box, CircularProgress } from "@mui/material";

export const SCROLL_THRESHOLD_PX = 100;

interface Props {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

export function InfiniteSentinel({ hasMore, loading, onLoadMore }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useRef({ hasMore, loading, onLoadMore });
  state.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const s = state.current;
        if (entry?.isIntersecting && s.hasMore && !s.loading) s.onLoadMore();
      },
      { rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // Re-observing after each load re-checks a sentinel that stayed in view.
  }, [loading, hasMore]);

  return (
    <Box ref={ref} sx={{ display: "grid", placeItems: "center", minHeight: 8, py: loading ? 2 : 0 }}>
      {loading && <CircularProgress size={24} />}
    </Box>
  );
}
