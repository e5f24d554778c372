/**
 * Realtime events that change the session itself (core-platform §4.5, §7.9):
 * single-session enforcement, updates of the current user, company settings
 * and a confirmed payment that moves the due date.
 */
import { timings, type AuthUser, type SettingEntry } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { reloadSoon } from "../../api/socket";
import { writeStored } from "../../api/storage";
import { useAuth } from "../../app/auth";
import { useCompanyEvent } from "../../app/socket";
import { formatDueDate } from "./subscription";

export function withSetting(user: AuthUser, setting: SettingEntry): AuthUser {
  const others = user.company.settings.filter((s) => s.key !== setting.key);
  return { ...user, company: { ...user.company, settings: [...others, { key: setting.key, value: setting.value }] } };
}

export function useSessionEvents() {
  const { user, setUser } = useAuth();
  const { t } = useTranslation();

  // A login emits this before its own socket connects, so only the user's
  // other, already connected sessions receive it and end themselves.
  useCompanyEvent("auth", (payload) => {
    if (!user || payload.user.id !== user.id) return;
    toast.error(t("mainLayout.sessionElsewhere"), { toastId: "session-elsewhere", autoClose: timings.errorToastMs });
    localStorage.clear();
    reloadSoon();
  });

  useCompanyEvent("user", (payload) => {
    if (!user) return;
    if (payload.action === "update" && payload.user?.id === user.id) setUser(payload.user);
    // A deleted account leaves at once instead of at its next token refresh.
    if (payload.action === "delete" && payload.userId === user.id) {
      localStorage.clear();
      reloadSoon();
    }
  });

  useCompanyEvent("settings", (payload) => {
    if (user && payload.action === "update") setUser(withSetting(user, payload.setting));
  });

  useCompanyEvent("payment", (payload) => {
    if (!user || payload.action !== "CONCLUIDA" || payload.company.id !== user.companyId) return;
    setUser({ ...user, company: { ...user.company, dueDate: payload.company.dueDate } });
    // The browser keeps the due date too (§3 "Browser-stored values"), as login stores it.
    writeStored("companyDueDate", formatDueDate(payload.company.dueDate));
  });
}
