/**
 * Drawer rules of core-platform §2.2: a temporary overlay below 600 px;
 * otherwise a permanent drawer that collapses to icons, open by default above
 * 1200 px unless the company setting sideMenu says "closed".
 */
import { useState } from "react";
import { useMediaQuery } from "@mui/material";
import { limits } from "@balcao/contracts";

type Mode = "mobile" | "narrow" | "wide";

export function useDrawerState(sideMenu: string | undefined) {
  const mobile = useMediaQuery(`(max-width:${limits.mobileBreakpointPx - 0.05}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${limits.drawerOpenAbovePx + 1}px)`, { noSsr: true });
  const mode: Mode = mobile ? "mobile" : wide ? "wide" : "narrow";
  // The user's choice holds while the screen stays in the same mode; crossing
  // a breakpoint returns to that mode's default.
  const [choice, setChoice] = useState<{ mode: Mode; open: boolean } | null>(null);
  const defaultOpen = mode === "wide" && sideMenu !== "closed";
  const open = choice?.mode === mode ? choice.open : defaultOpen;
  return {
    open,
    mobile,
    toggle: () => setChoice({ mode, open: !open }),
    close: () => setChoice({ mode, open: false }),
  };
}
