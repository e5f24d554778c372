/** An icon button with a dot badge that opens a list popover (core-platform §2.14). */
import { useState, type ReactNode } from "react";
import {
  Badge,
  Divider,
  IconButton,
  Popover,
  Tooltip,
  Typography,
  type PaperProps,
  type SxProps,
  type Theme,
} from "@mui/material";
import { useTranslation } from "react-i18next";

interface Props {
  /** e2e handle: `<testId>-button` and `<testId>-popover`. */
  testId: string;
  label: string;
  icon: ReactNode;
  hasUnseen?: boolean;
  buttonSx?: SxProps<Theme>;
  /** Told when the popover opens and closes (e.g. to mark what it lists as seen). */
  onOpenChange?: (open: boolean) => void;
  /** The list; a function gets `close` for items that navigate away. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

export function TopBarPopover({ testId, label, icon, hasUnseen = false, buttonSx, onOpenChange, children }: Props) {
  const [anchor, setAnchorState] = useState<HTMLElement | null>(null);
  const setAnchor = (el: HTMLElement | null) => {
    setAnchorState(el);
    onOpenChange?.(el !== null);
  };
  const id = `${testId}-popover`;
  // data-* attributes are not in PaperProps' type; they reach the DOM all the same.
  const paperProps = { "data-testid": id } as PaperProps;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          sx={buttonSx}
          data-testid={`${testId}-button`}
          data-unseen={hasUnseen}
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge variant="dot" color="error" invisible={!hasUnseen}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: { ...paperProps, sx: { width: 350, maxWidth: "calc(100vw - 16px)", maxHeight: 400 } },
        }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ px: 2, py: 1.5 }}>
          {label}
        </Typography>
        <Divider />
        {typeof children === "function" ? children(() => setAnchor(null)) : children}
      </Popover>
    </>
  );
}

/** What a popover shows while it has nothing to list. */
export function NoRecords() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 3, textAlign: "center" }}>
      {t("common.noRecords")}
    </Typography>
  );
}
