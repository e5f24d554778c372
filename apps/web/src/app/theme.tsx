/** Light/dark theme: the stored preferredTheme, otherwise the system preference. */
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from "@mui/material";
import { readStored, writeStored } from "../api/storage";

type Mode = "light" | "dark";
interface ThemeState {
  mode: Mode;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeState>({ mode: "light", toggle: () => undefined });

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery("(prefers-color-scheme: dark)");
  const [stored, setStored] = useState<Mode | undefined>(() => readStored<Mode>("theme"));
  const mode: Mode = stored ?? (prefersDark ? "dark" : "light");
  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          primary: { main: mode === "light" ? "#2563eb" : "#60a5fa" },
          secondary: { main: "#0f766e" },
          background:
            mode === "light" ? { default: "#f4f6fb", paper: "#ffffff" } : { default: "#0f172a", paper: "#111827" },
        },
        shape: { borderRadius: 8 },
        typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" },
      }),
    [mode],
  );
  const state = useMemo<ThemeState>(
    () => ({
      mode,
      toggle: () => {
        const next: Mode = mode === "light" ? "dark" : "light";
        writeStored("theme", next);
        setStored(next);
      },
    }),
    [mode],
  );
  return (
    <ThemeModeContext.Provider value={state}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export const useThemeMode = () => useContext(ThemeModeContext);
