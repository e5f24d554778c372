/**
 * The internal chat (business-areas §2.15): the list on the left (3 of 12
 * columns) and the open chat on the right (9 of 12); below the md breakpoint
 * two tabs, chats and messages, and opening a chat shows its messages. The
 * address names the open chat by its uuid (/chats/:id?). A chat deleted
 * while open (here or by its owner elsewhere) resets the view to /chats (§4).
 */
import { useEffect, useState } from "react";
import { Box, Grid, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from "@mui/material";
import type { ChatDto } from "@balcao/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useAuth } from "../../app/auth";
import { useCompanyEvent } from "../../app/socket";
import { HiddenPageTitle } from "../common/HiddenPageTitle";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { useFillHeight } from "../tickets/useFillHeight";
import { ChatList } from "./ChatList";
import { ChatModal } from "./ChatModal";
import { ChatView } from "./ChatView";
import { dropChat, useChatList } from "./useChats";

type NarrowTab = "chats" | "messages";

/** The chat the address names: the list's copy (kept live), else read by its uuid. */
function useOpenChat(uuid: string | undefined, chats: ChatDto[]) {
  const listed = uuid === undefined ? undefined : chats.find((c) => c.uuid === uuid);
  const fetched = useQuery({
    queryKey: ["chat", uuid],
    queryFn: () => api.get<ChatDto>(`/chats/${uuid}`),
    enabled: uuid !== undefined && listed === undefined,
    retry: false,
  });
  return { chat: listed ?? (uuid === undefined ? undefined : fetched.data), failed: fetched.isError };
}

function NoChat() {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: "100%", display: "grid", placeItems: "center", p: 3, bgcolor: "action.hover" }}>
      <Typography color="text.secondary" data-testid="no-chat">
        {t("chat.noChat")}
      </Typography>
    </Box>
  );
}

function Chats({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"), { noSsr: true });
  const { id: uuid } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { items, query } = useChatList();
  const { chat, failed } = useOpenChat(uuid, items);
  const [tab, setTab] = useState<NarrowTab>(uuid ? "messages" : "chats");
  const [editing, setEditing] = useState<ChatDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<ChatDto | null>(null);
  const { ref, height } = useFillHeight<HTMLDivElement>(narrow ? 12 : 24);
  const leave = () => void navigate("/chats", { replace: true });

  useEffect(() => {
    if (uuid) setTab("messages");
  }, [uuid]);
  // One the user may not open (gone, or not a member): back to the list, silently (§8).
  useEffect(() => {
    if (failed) leave();
  });
  useCompanyEvent("chat", (e) => {
    if (e.action === "delete" && chat !== undefined && e.id === chat.id) leave();
  });

  const remove = useMutation({
    mutationFn: (gone: ChatDto) => api.delete(`/chats/${gone.id}`),
    onSuccess: (_, gone) => {
      dropChat(client, gone.id);
      toast.success(t("chat.toasts.deleted"));
      if (gone.uuid === uuid) leave();
    },
    onError: toastError,
  });

  const list = (
    <ChatList
      chats={items}
      userId={userId}
      selectedUuid={uuid}
      loading={query.isPending || query.isFetchingNextPage}
      hasMore={query.hasNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      onOpen={(c) => {
        setTab("messages");
        void navigate(`/chats/${c.uuid}`);
      }}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      onDelete={setDeleting}
    />
  );
  const view = chat ? <ChatView key={chat.id} chat={chat} userId={userId} /> : <NoChat />;

  return (
    <Paper ref={ref} variant="outlined" sx={{ height, display: "flex", flexDirection: "column", overflow: "hidden" }}>
      <HiddenPageTitle>{t("chat.title")}</HiddenPageTitle>
      {narrow ? (
        <>
          <Tabs value={tab} onChange={(_, v: NarrowTab) => setTab(v)} variant="fullWidth" sx={{ flexShrink: 0 }}>
            <Tab value="chats" label={t("chat.chats")} data-testid="chat-tab-chats" />
            <Tab value="messages" label={t("chat.messages")} data-testid="chat-tab-messages" />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0 }}>{tab === "chats" ? list : view}</Box>
        </>
      ) : (
        <Grid container sx={{ flex: 1, minHeight: 0 }} data-testid="chats-page">
          <Grid size={3} sx={{ height: "100%", borderRight: 1, borderColor: "divider" }}>
            {list}
          </Grid>
          <Grid size={9} sx={{ height: "100%" }}>
            {view}
          </Grid>
        </Grid>
      )}
      {editing !== null && (
        <ChatModal
          chat={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => void navigate(`/chats/${saved.uuid}`)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("chat.confirm.title")}
        message={t("chat.confirm.message")}
        confirmLabel={t("chat.buttons.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove.mutateAsync(deleting)}
        onClose={() => setDeleting(null)}
        testId="chat-delete-dialog"
      />
    </Paper>
  );
}

export default function ChatsPage() {
  const { user } = useAuth();
  return user ? <Chats userId={user.id} /> : null;
}
