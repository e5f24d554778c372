/** Route guards of core-platform §2.1. */
import type { ReactNode } from "react";
import { Box, CircularProgress } from "@mui/material";
import { Navigate, useLocation } from "react-router";
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

/** Logged in: public pages send to /. */
export function PublicRoute({ children }: { children: ReactNode }) {
  const { isAuth, loading } = useAuth();
  if (loading) return <Loading />;
  if (isAuth) return <Navigate to="/" replace />;
  return <>{children}</>;
}
