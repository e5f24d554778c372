/** i18n: Portuguese first (default and fallback), English, Spanish; stored as i18nextLng. */
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { languages, type Language } from "@balcao/contracts";
import en from "./en.json";
import es from "./es.json";
import pt from "./pt.json";

const STORAGE_KEY = "i18nextLng";

const isLanguage = (code: string): code is Language => (languages as readonly string[]).includes(code);

/**
 * The locale is the first two letters of the stored language; with none
 * stored it is Portuguese, whatever the browser's (which is only offered).
 */
export function storedLanguage(): Language {
  const code = (localStorage.getItem(STORAGE_KEY) ?? "pt").slice(0, 2);
  return isLanguage(code) ? code : "pt";
}

/**
 * The browser's language, when the interface has it and no language was
 * chosen yet: offered on the first visit (app/LanguageOffer), never imposed.
 * Read before i18n starts, which may store its own choice.
 */
export const offeredLanguage: Language | null = (() => {
  if (localStorage.getItem(STORAGE_KEY) !== null) return null;
  const code = navigator.language.slice(0, 2);
  return isLanguage(code) && code !== "pt" ? code : null;
})();

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
