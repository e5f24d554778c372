/** Choosing the interface language: stored in the browser as i18nextLng and, when signed in, told to the server. */
import type { Language } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { api } from "../api/http";
import { toastError } from "../api/toast-error";
import { useAuth } from "./auth";

export function useChooseLanguage(): (lng: Language) => void {
  const { i18n } = useTranslation();
  const { isAuth } = useAuth();
  return (lng) => {
    // i18n's languageChanged listener stores it.
    void i18n.changeLanguage(lng);
    if (isAuth) api.post(`/users/set-language/${lng}`).catch(toastError);
  };
}
