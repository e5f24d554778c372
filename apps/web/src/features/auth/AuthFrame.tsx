/**
 * The frame shared by login, sign-up and password reset: language menu at the
 * top left (§2.4), a theme toggle opposite it, a centred card with the product
 * mark and the page title, and the copyright footer with the version.
 */
import { useEffect, type ReactNode } from "react";
import { Alert, AlertTitle, Box, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { alpha } from "@mui/material/styles";
import DarkMode from "@mui/icons-material/DarkMode";
import LightMode from "@mui/icons-material/LightMode";
import { APP_VERSION } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../app/theme";
import { LanguageMenu } from "./LanguageMenu";

const PRODUCT = "Balcão";

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthFrame({ title, subtitle, children }: Props) {
  const { t } = useTranslation();
  const themeMode = useThemeMode();
  const mode = themeMode.mode;
  const themeLabel = mode === "dark" ? t("login.theme.light") : t("login.theme.dark");

  useEffect(() => {
    document.title = `${title} · ${PRODUCT}`;
  }, [title]);

  return (
    <Box
      sx={(theme) => ({
        minHeight: "100dvh",
        // Native widgets (the plan <select> list, autofill) follow the theme too.
        colorScheme: mode,
        display: "flex",
        flexDirection: "column",
        background: `radial-gradient(ellipse at top, ${alpha(theme.palette.primary.main, mode === "dark" ? 0.18 : 0.12)}, transparent 60%), ${theme.palette.background.default}`,
      })}
    >
      <Box
        component="header"
        sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", px: 1.5, py: 1 }}
      >
        <LanguageMenu />
        <Tooltip title={themeLabel}>
          <IconButton
            color="inherit"
            onClick={() => themeMode.toggle()}
            aria-label={themeLabel}
            data-testid="auth-theme-toggle"
          >
            {mode === "dark" ? <LightMode /> : <DarkMode />}
          </IconButton>
        </Tooltip>
      </Box>

      <Box component="main" sx={{ flex: 1, display: "grid", placeItems: "center", px: 2, py: { xs: 1, sm: 3 } }}>
        <Paper
          elevation={0}
          sx={(theme) => ({
            width: "100%",
            maxWidth: 440,
            p: { xs: 3, sm: 4 },
            border: `1px solid ${theme.palette.divider}`,
            boxShadow: mode === "dark" ? "none" : "0 10px 30px rgba(15, 23, 42, 0.08)",
          })}
        >
          <Stack direction="row" spacing={1.25} sx={{ alignItems: "center", justifyContent: "center", mb: 2 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 40, height: 40 }} />
            <Typography component="span" sx={{ fontSize: 26, fontWeight: 700, letterSpacing: "-0.02em" }}>
              {PRODUCT}
            </Typography>
          </Stack>
          <Typography variant="h6" component="h1" sx={{ textAlign: "center", fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography
              variant="body2"
              component="div"
              sx={{ textAlign: "center", color: "text.secondary", mt: 0.5, textWrap: "balance" }}
            >
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 2 }}>{children}</Box>
        </Paper>
      </Box>

      <Box component="footer" sx={{ textAlign: "center", py: 2, px: 2 }}>
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {t("login.footer", { year: new Date().getFullYear(), version: APP_VERSION })}
        </Typography>
      </Box>
    </Box>
  );
}

/** The visible error line of an access page (the Playwright hook is auth-error). */
export function AuthError({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" data-testid="auth-error" sx={{ mt: 1, mb: 1 }}>
      {title && <AlertTitle sx={{ fontSize: "0.875rem" }}>{title}</AlertTitle>}
      {/* Keeps "title message" readable as one sentence in the text content (tests, copy-paste). */}
      {title && " "}
      {message}
    </Alert>
  );
}
