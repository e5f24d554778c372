/** The top bar of core-platform §2.2; on phones the greeting moves to a second row. */
import { AppBar, Box, IconButton, Toolbar, Tooltip, type SxProps, type Theme } from "@mui/material";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import RefreshIcon from "@mui/icons-material/Refresh";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../app/theme";
import { Greeting } from "./Greeting";
import { LanguageMenu } from "./LanguageMenu";
import { TopBarPopovers } from "./TopBarPopovers";
import { UserMenu } from "./UserMenu";
import { VolumeControl } from "./VolumeControl";

/** Slightly smaller buttons on phones so all eight fit beside the menu toggle. */
const buttonSx: SxProps<Theme> = { p: { xs: 0.75, sm: 1 } };

interface Props {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onOpenProfile: () => void;
}

export function TopBar({ drawerOpen, onToggleDrawer, onOpenProfile }: Props) {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeMode();
  const themeLabel = mode === "dark" ? t("mainLayout.lightMode") : t("mainLayout.darkMode");
  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ flexWrap: { xs: "wrap", sm: "nowrap" }, columnGap: 1, py: { xs: 0.5, sm: 0 } }}>
        <IconButton
          color="inherit"
          edge="start"
          sx={buttonSx}
          data-testid="drawer-toggle"
          aria-label={drawerOpen ? t("mainLayout.closeMenu") : t("mainLayout.openMenu")}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
        <Greeting
          sx={{
            flex: { sm: 1 },
            minWidth: 0,
            order: { xs: 2, sm: 0 },
            width: { xs: "100%", sm: "auto" },
            pb: { xs: 0.5, sm: 0 },
          }}
        />
        <Box sx={{ display: "flex", alignItems: "center", ml: "auto", flexShrink: 0 }}>
          <LanguageMenu buttonSx={buttonSx} />
          <Tooltip title={themeLabel}>
            <IconButton
              color="inherit"
              sx={buttonSx}
              data-testid="theme-toggle"
              aria-label={themeLabel}
              onClick={toggle}
            >
              {mode === "dark" ? <LightModeOutlined /> : <DarkModeOutlined />}
            </IconButton>
          </Tooltip>
          <VolumeControl buttonSx={buttonSx} />
          <Tooltip title={t("mainLayout.refresh")}>
            <IconButton
              color="inherit"
              sx={buttonSx}
              data-testid="refresh-button"
              aria-label={t("mainLayout.refresh")}
              onClick={() => window.location.reload()}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <TopBarPopovers buttonSx={buttonSx} />
          <UserMenu buttonSx={buttonSx} onOpenProfile={onOpenProfile} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
