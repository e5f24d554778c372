/**
 * The signed-in frame of core-platform §2.2: drawer, top bar, subscription
 * warning and the page. It also owns the realtime connection, so the socket
 * code stays out of the entry bundle and lives exactly as long as the session.
 */
import { Suspense, useState } from "react";
import { Box, CircularProgress } from "@mui/material";
import { Outlet } from "react-router";
import { useAuth } from "../../app/auth";
import { SocketProvider } from "../../app/socket";
import { UserModal } from "../users/UserModal";
import { AppDrawer } from "./AppDrawer";
import { DrawerMenu } from "./DrawerMenu";
import { settingValue } from "./menu-rules";
import { SubscriptionWarning } from "./SubscriptionWarning";
import { TopBar } from "./TopBar";
import { useDrawerState } from "./useDrawerState";
import { useSessionEvents } from "./useSessionEvents";

function PageLoading() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", py: 8 }} aria-busy="true">
      <CircularProgress />
    </Box>
  );
}

function SessionEvents() {
  useSessionEvents();
  return null;
}

export default function MainLayout() {
  const { user } = useAuth();
  const drawer = useDrawerState(settingValue(user?.company.settings ?? [], "sideMenu"));
  const [profileOpen, setProfileOpen] = useState(false);

  return (
    <SocketProvider>
      <SessionEvents />
      <Box sx={{ display: "flex", minHeight: "100vh" }}>
        <AppDrawer open={drawer.open} mobile={drawer.mobile} onClose={drawer.close}>
          <DrawerMenu collapsed={!drawer.open && !drawer.mobile} onNavigate={drawer.mobile ? drawer.close : noop} />
        </AppDrawer>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <TopBar drawerOpen={drawer.open} onToggleDrawer={drawer.toggle} onOpenProfile={() => setProfileOpen(true)} />
          <Box component="main" sx={{ flex: 1, p: { xs: 1.5, sm: 3 } }}>
            <SubscriptionWarning />
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Box>
      {user && profileOpen && <UserModal open userId={user.id} onClose={() => setProfileOpen(false)} />}
    </SocketProvider>
  );
}

function noop() {}
