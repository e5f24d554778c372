/**
 * The ticket workspace (core-platform §2.7): the manager on the left (4 of
 * 12 columns) and the conversation on the right; below the md breakpoint a
 * bottom navigation switches between "ticket" and "attendance", and
 * selecting a ticket switches to "ticket".
 */
import { lazy, Suspense, useEffect, useState } from "react";
import {
  BottomNavigation,
  BottomNavigationAction,
  Box,
  Button,
  CircularProgress,
  Paper,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import type { AuthUser, TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useAuth } from "../../app/auth";
import { HiddenPageTitle } from "../common/HiddenPageTitle";
import { TicketsManager } from "./manager/TicketsManager";
import { useFillHeight } from "./useFillHeight";
import { useWorkspaceRealtime } from "./useWorkspaceRealtime";

const TicketView = lazy(() => import("./view/TicketView"));
const NewTicketModal = lazy(() => import("./dialogs/NewTicketModal"));
const PeekDialog = lazy(() => import("./dialogs/PeekDialog"));

type MobileTab = "ticket" | "attendance";

function NoTicket({ onSelect }: { onSelect?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ height: "100%", display: "grid", placeItems: "center", textAlign: "center", p: 3, bgcolor: "action.hover" }}
      data-testid="no-ticket"
    >
      <Box>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 96, height: 96, opacity: 0.85 }} />
        <Typography variant="h6" sx={{ mt: 2 }}>
          {t("tickets.noTicketTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("tickets.noTicketMessage")}
        </Typography>
        {onSelect && (
          <Button variant="contained" sx={{ mt: 2 }} onClick={onSelect} data-testid="select-ticket">
            {t("tickets.selectTicket")}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function Workspace({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const { ticketId: uuid } = useParams();
  const [mobileTab, setMobileTab] = useState<MobileTab>(uuid ? "ticket" : "attendance");
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [peek, setPeek] = useState<TicketDto | null>(null);
  const { ref, height } = useFillHeight<HTMLDivElement>(narrow ? 12 : 24);
  useWorkspaceRealtime(user);

  useEffect(() => {
    if (uuid) setMobileTab("ticket");
  }, [uuid]);

  const manager = (
    <TicketsManager user={user} selectedUuid={uuid} onNewTicket={() => setNewTicketOpen(true)} onPeek={setPeek} />
  );
  const conversation = uuid ? (
    <Suspense
      fallback={
        <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
          <CircularProgress />
        </Box>
      }
    >
      <TicketView key={uuid} uuid={uuid} />
    </Suspense>
  ) : (
    <NoTicket onSelect={narrow ? () => setMobileTab("attendance") : undefined} />
  );

  return (
    <Paper
      ref={ref}
      variant="outlined"
      sx={{ height, display: "flex", flexDirection: narrow ? "column" : "row", overflow: "hidden" }}
      data-testid="tickets-workspace"
    >
      <HiddenPageTitle>{t("tickets.title")}</HiddenPageTitle>
      {narrow ? (
        <>
          <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
            {mobileTab === "ticket" ? conversation : manager}
          </Box>
          <BottomNavigation
            showLabels
            value={mobileTab}
            onChange={(_, v: MobileTab) => setMobileTab(v)}
            sx={{ borderTop: 1, borderColor: "divider", flexShrink: 0 }}
            data-testid="tickets-bottom-nav"
          >
            <BottomNavigationAction
              value="ticket"
              label={t("tickets.tabs.ticket")}
              icon={<ChatOutlined />}
              data-testid="nav-ticket"
            />
            <BottomNavigationAction
              value="attendance"
              label={t("tickets.tabs.attendance")}
              icon={<ListAltOutlined />}
              data-testid="nav-attendance"
            />
          </BottomNavigation>
        </>
      ) : (
        <>
          <Box
            sx={{
              width: "33.333%",
              minWidth: 340,
              maxWidth: 480,
              borderRight: 1,
              borderColor: "divider",
              display: "flex",
              flexDirection: "column",
            }}
          >
            {manager}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>{conversation}</Box>
        </>
      )}
      <Suspense fallback={null}>
        {newTicketOpen && <NewTicketModal onClose={() => setNewTicketOpen(false)} />}
        {peek && <PeekDialog ticket={peek} onClose={() => setPeek(null)} />}
      </Suspense>
    </Paper>
  );
}

export default function TicketsPage() {
  const { user } = useAuth();
  return user ? <Workspace user={user} /> : null;
}
