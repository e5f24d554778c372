/** The drawer frame: brand, the menu, the version label when expanded (core-platform §2.2). */
import type { ReactNode } from "react";
import { Box, Divider, Drawer, Toolbar, Typography, type PaperProps } from "@mui/material";
import { APP_VERSION, limits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

const COLLAPSED_WIDTH = 56;

interface Props {
  open: boolean;
  mobile: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function AppDrawer({ open, mobile, onClose, children }: Props) {
  const { t } = useTranslation();
  const expanded = open || mobile;
  const width = expanded ? limits.drawerWidthPx : COLLAPSED_WIDTH;
  // data-* attributes are not in PaperProps' type; they reach the DOM all the same.
  const paperProps = { "data-testid": "drawer" } as PaperProps;

  const content = (
    <>
      <Toolbar sx={{ gap: 1.5, px: "14px !important" }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28, flexShrink: 0 }} />
        {expanded && (
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
            Balcão
          </Typography>
        )}
      </Toolbar>
      <Divider />
      <Box
        component="nav"
        aria-label={t("mainDrawer.navigation")}
        sx={{ flex: 1, overflowY: "auto", overflowX: "hidden" }}
      >
        {children}
      </Box>
      {expanded && (
        <Typography
          data-testid="version-label"
          variant="caption"
          color="text.secondary"
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: "divider" }}
        >
          {t("mainDrawer.version", { version: APP_VERSION })}
        </Typography>
      )}
    </>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { ...paperProps, sx: { width: limits.drawerWidthPx } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={(theme) => {
        const transition = theme.transitions.create("width", {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.enteringScreen,
        });
        return {
          width,
          flexShrink: 0,
          whiteSpace: "nowrap",
          transition,
          "& .MuiDrawer-paper": { width, overflowX: "hidden", transition },
        };
      }}
      slotProps={{ paper: paperProps }}
    >
      {content}
    </Drawer>
  );
}
