/** i18n: Portuguese first (default and fallback), English, Spanish; stored as i18nextLng. */
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { languages, type Language } from "@balcao/contracts";
import en from "./en.json";
import es from "./es.json";
import pt from "./pt.json";

const STORAGE_KEY = "i18nextLng";

/** The locale is the first two letters of the stored language. */
export function storedLanguage(): Language {
  const code = (localStorage.getItem(STORAGE_KEY) ?? navigator.language ?? "pt").slice(0, 2);
  return (languages as readonly string[]).includes(code) ? (code as Language) : "pt";
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
  lng: storedLanguage(),
  fallbackLng: "pt",
  interpolation: { escapeValue: false },
});

document.documentElement.lang = i18n.language;

i18n.on("languageChanged", (lng) => {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});

export default i18n;
