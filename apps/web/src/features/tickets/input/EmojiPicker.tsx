/**
 * The emoji picker (core-platform §2.11, DESIGN §1 emoji-mart): the picker
 * and its data are their own chunk, loaded when the button is first used.
 * emoji-mart's Picker is a custom element; its texts come in the app's
 * language from the package, never from a CDN.
 */
import { useEffect, useRef } from "react";
import { Box, CircularProgress, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";

const locales: Record<string, () => Promise<{ default: unknown }>> = {
  pt: () => import("@emoji-mart/data/i18n/pt.json"),
  en: () => import("@emoji-mart/data/i18n/en.json"),
  es: () => import("@emoji-mart/data/i18n/es.json"),
};

export default function EmojiPicker({ onPick }: { onPick: (native: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const mode = useTheme().palette.mode;
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    let cancelled = false;
    const lang = i18n.language.slice(0, 2);
    void Promise.all([import("emoji-mart"), import("@emoji-mart/data"), (locales[lang] ?? locales.pt)!()]).then(
      ([{ Picker }, data, strings]) => {
        if (cancelled || !ref.current) return;
        const picker = new Picker({
          data: data.default,
          i18n: strings.default,
          theme: mode,
          previewPosition: "none",
          skinTonePosition: "search",
          autoFocus: true,
          onEmojiSelect: (emoji: { native: string }) => pick.current(emoji.native),
        });
        ref.current.replaceChildren(picker as unknown as Node);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [i18n.language, mode]);

  return (
    <Box
      ref={ref}
      data-testid="emoji-picker"
      sx={{ width: "100%", height: "100%", display: "grid", placeItems: "center" }}
    >
      <CircularProgress size={24} />
    </Box>
  );
}
