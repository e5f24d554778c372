/** Route guards of core-platform §2.1. */
import { useRef, type ReactNode } from "react";
import { Box, CircularProgress } from "@mui/material";
import { Navigate, useLocation, type Location } from "react-router";
import { useAuth } from "./auth";

export function Loading() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: "100vh" }} aria-busy="true">
      <CircularProgress />
    </Box>
  );
}

/** Without a login: to /login, keeping the original location to return to. */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { isAuth, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Loading />;
  if (!isAuth) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Pages for super users only: anyone else goes to / (the page and its requests never start). */
export function SuperRoute({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user) return <Loading />;
  if (!user.super) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/**
 * Where a login made on a public page leads: the location the private guard
 * kept, else /tickets (§2.1). "/" counts as no choice: it is where a plain
 * visit to the app lands.
 */
export function afterLoginPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  const path = from?.pathname;
  if (!path || path === "/" || path === "/login") return "/tickets";
  return `${path}${from.search ?? ""}${from.hash ?? ""}`;
}

/**
 * Logged in: public pages send to /. A login made here (the page was shown
 * to an anonymous visitor, then the user appeared) goes to afterLoginPath
 * instead. Deciding both here avoids two navigations racing: the router's
 * are transitions, so a page navigating after login would lose to this one.
 */
export function PublicRoute({ children }: { children: ReactNode }) {
  const { isAuth, loading } = useAuth();
  const location = useLocation();
  const shownAnonymous = useRef(false);
  if (loading) return <Loading />;
  if (isAuth) return <Navigate to={shownAnonymous.current ? afterLoginPath(location.state) : "/"} replace />;
  // Idempotent, so a repeated render (StrictMode) is harmless.
  shownAnonymous.current = true;
  return <>{children}</>;
}
