/**
 * Who is signed in. At start a stored token is refreshed (core-platform §4.5);
 * login stores token, companyId, userId and the company due date.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { AuthUser, LoginResponse } from "@balcao/contracts";
import { api, isRefusal, refreshToken, setSessionEndHandler } from "../api/http";
import { readStored, removeStored, writeStored } from "../api/storage";
import { settingValue } from "../features/layout/menu-rules";
import { setCompanyTimeZone } from "./company-clock";

interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  isAuth: boolean;
  // Property signatures (not methods) so components may destructure them.
  login: (email: string, password: string) => Promise<AuthUser>;
  logout: () => Promise<void>;
  /** Apply a fresh copy of the current user (profile edits, realtime updates). */
  setUser: (user: AuthUser) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** dd/MM/yyyy, as the company due date is kept in the browser. */
function storedDueDate(iso: string | null): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

function remember(data: LoginResponse) {
  writeStored("token", data.token);
  writeStored("companyId", data.user.companyId);
  writeStored("userId", data.user.id);
  writeStored("companyDueDate", storedDueDate(data.user.company.dueDate));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    setSessionEndHandler(() => setUser(null));
    if (!readStored<string>("token")) {
      setLoading(false);
      return;
    }
    refreshToken()
      .then((data) => {
        remember(data);
        setUser(data.user);
      })
      .catch((err: unknown) => {
        // A second F5 cuts the first load's refresh short: that page is gone, its session is not.
        if (isRefusal(err)) removeStored("token", "companyId", "userId", "companyDueDate");
        setUser(null);
      })
      .finally(() => setLoading(false));
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const data = await api.post<LoginResponse>("/auth/login", { email, password }, { noRetry: true });
    remember(data);
    setUser(data.user);
    return data.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.delete("/auth/logout");
    } finally {
      removeStored("token", "companyId", "userId", "companyDueDate");
      setUser(null);
    }
  }, []);

  const value = useMemo<AuthState>(() => {
    // Set here, while rendering, so that the pages below read dates on the
    // company's clock from their first render on (an effect would run after them).
    setCompanyTimeZone(settingValue(user?.company.settings ?? [], "timezone"));
    return { user, loading, isAuth: user !== null, login, logout, setUser };
  }, [user, loading, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}
