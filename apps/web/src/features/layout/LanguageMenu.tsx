/** Language menu with radio choices pt / en / es: stored as i18nextLng and sent to the server (core-platform §2.2). */
import { useState } from "react";
import {
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Radio,
  Tooltip,
  type SxProps,
  type Theme,
} from "@mui/material";
import TranslateIcon from "@mui/icons-material/Translate";
import { languages, type Language } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useChooseLanguage } from "../../app/useChooseLanguage";

/** Each language is named in itself, whatever the interface language is. */
const nativeNames: Record<Language, string> = { pt: "Português", en: "English", es: "Español" };

export function LanguageMenu({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);

  const choose = (lng: Language) => {
    setAnchor(null);
    chooseLanguage(lng);
  };

  return (
    <>
      <Tooltip title={t("mainLayout.language")}>
        <IconButton
          color="inherit"
          sx={buttonSx}
          data-testid="language-menu-button"
          aria-label={t("mainLayout.language")}
          aria-haspopup="menu"
          aria-controls={anchor ? "language-menu" : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((lng) => (
          <MenuItem
            key={lng}
            role="menuitemradio"
            aria-checked={current === lng}
            lang={lng}
            data-testid={`language-option-${lng}`}
            onClick={() => choose(lng)}
          >
            <ListItemIcon>
              <Radio checked={current === lng} size="small" tabIndex={-1} disableRipple sx={{ p: 0 }} />
            </ListItemIcon>
            <ListItemText>{nativeNames[lng]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
