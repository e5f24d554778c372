/**
 * A first visit is in Portuguese (core-platform §2.1: the default); a browser
 * set to English or Spanish is offered its language, in that language, until
 * the person answers: switching stores that language, keeping Portuguese
 * stores Portuguese, and either way the offer does not come back.
 */
import { useState } from "react";
import { Button, Snackbar, SnackbarContent, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { offeredLanguage } from "../i18n";
import { useChooseLanguage } from "./useChooseLanguage";

export function LanguageOffer() {
  const { i18n } = useTranslation();
  const chooseLanguage = useChooseLanguage();
  const [open, setOpen] = useState(offeredLanguage !== null);
  if (!offeredLanguage) return null;
  const offered = offeredLanguage;
  const t = i18n.getFixedT(offered);

  const answer = (accept: boolean) => {
    setOpen(false);
    chooseLanguage(accept ? offered : "pt");
  };

  return (
    <Snackbar open={open} anchorOrigin={{ vertical: "bottom", horizontal: "center" }}>
      <SnackbarContent
        lang={offered}
        data-testid="language-offer"
        message={t("languageOffer.text")}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" size="small" onClick={() => answer(false)} data-testid="language-offer-dismiss">
              {t("languageOffer.dismiss")}
            </Button>
            <Button variant="contained" size="small" onClick={() => answer(true)} data-testid="language-offer-accept">
              {t("languageOffer.accept")}
            </Button>
          </Stack>
        }
      />
    </Snackbar>
  );
}
