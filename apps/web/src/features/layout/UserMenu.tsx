/** The user menu: Profile (the user modal for oneself) and Logout, then /login (core-platform §2.1–2.2). */
import { useState } from "react";
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip, type SxProps, type Theme } from "@mui/material";
import AccountCircle from "@mui/icons-material/AccountCircle";
import Logout from "@mui/icons-material/Logout";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../app/auth";

export function UserMenu({ onOpenProfile, buttonSx }: { onOpenProfile: () => void; buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const handleLogout = () => {
    setAnchor(null);
    // The local session ends even when the server call fails, so /login follows either way.
    logout()
      .catch(() => undefined)
      .finally(() => void navigate("/login", { replace: true }));
  };

  return (
    <>
      <Tooltip title={t("mainLayout.userMenu")}>
        <IconButton
          color="inherit"
          sx={buttonSx}
          edge="end"
          data-testid="user-menu-button"
          aria-label={t("mainLayout.userMenu")}
          aria-haspopup="menu"
          aria-controls={anchor ? "user-menu" : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          data-testid="menu-profile"
          onClick={() => {
            setAnchor(null);
            onOpenProfile();
          }}
        >
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t("mainLayout.profile")}
        </MenuItem>
        <MenuItem data-testid="menu-logout" onClick={handleLogout}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t("mainLayout.logout")}
        </MenuItem>
      </Menu>
    </>
  );
}
