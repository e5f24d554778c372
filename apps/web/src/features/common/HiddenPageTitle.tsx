/**
 * The title of a page that shows none (a workspace filling the screen): kept
 * for screen readers and the page outline, where it names the page as its
 * side menu entry does.
 */
import { Typography } from "@mui/material";

const offScreen = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

export function HiddenPageTitle({ children }: { children: string }) {
  return (
    <Typography component="h1" sx={offScreen}>
      {children}
    </Typography>
  );
}
