import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import "./i18n";
import { AuthProvider } from "./app/auth";
import { AppCrash } from "./app/AppCrash";
import { LanguageOffer } from "./app/LanguageOffer";
import { AppRoutes } from "./app/routes";
import { AppThemeProvider, useThemeMode } from "./app/theme";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

function Toasts() {
  const { mode } = useThemeMode();
  return <ToastContainer position="top-right" theme={mode} newestOnTop />;
}

/**
 * A data router around the app's own route table (which stays in AppRoutes): it is what
 * gives pages react-router's navigation blocker (the flow builder's unsaved-changes prompt).
 */
const router = createBrowserRouter([
  {
    path: "*",
    errorElement: <AppCrash />,
    element: (
      <AuthProvider>
        <AppRoutes />
        <LanguageOffer />
        <Toasts />
      </AuthProvider>
    ),
  },
]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppThemeProvider>
  </StrictMode>,
);
