/**
 * The language switch of the access pages (§2.4). i18n's languageChanged
 * listener stores the choice as i18nextLng; nobody is signed in yet, so the
 * server is not told here (the top bar does that after login).
 */
import { useState } from "react";
import { Button, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import Check from "@mui/icons-material/Check";
import Translate from "@mui/icons-material/Translate";
import { languages, type Language } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = i18n.resolvedLanguage ?? "pt";

  const choose = (lng: Language) => {
    setAnchor(null);
    void i18n.changeLanguage(lng);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={t("login.language")}
        data-testid="auth-language-button"
        sx={{ textTransform: "none", fontWeight: 500 }}
      >
        {t(`login.languages.${current}`)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((lng) => (
          <MenuItem
            key={lng}
            onClick={() => choose(lng)}
            selected={lng === current}
            data-testid={`auth-language-${lng}`}
          >
            <ListItemIcon>{lng === current ? <Check fontSize="small" /> : null}</ListItemIcon>
            <ListItemText lang={lng}>{t(`login.languages.${lng}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
