/**
 * Keeps a page from companies whose plan lacks its feature: a toast, then back
 * to / after 1 s (core-platform §6 "Plan gates", §9 timings).
 */
import { useEffect, type ReactNode } from "react";
import { Box, CircularProgress } from "@mui/material";
import { timings } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { PlanFlag } from "./menu-rules";
import { usePlanFeature } from "./usePlan";

interface Props {
  flag: PlanFlag;
  /** The refusal's i18n key when the page has its own (the Messages API page's messagesAPI.toasts.unauthorized). */
  deniedKey?: string;
  children: ReactNode;
}

export function PlanGate({ flag, deniedKey = "mainLayout.planDenied", children }: Props) {
  const state = usePlanFeature(flag);
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    if (state !== "denied") return;
    toast.error(t(deniedKey), { toastId: "plan-denied" });
    const timer = setTimeout(() => void navigate("/", { replace: true }), timings.planDenialRedirectMs);
    return () => clearTimeout(timer);
  }, [state, navigate, t, deniedKey]);

  if (state === "allowed") return <>{children}</>;
  if (state === "loading") {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 8 }} aria-busy="true">
        <CircularProgress />
      </Box>
    );
  }
  return null;
}
