/**
 * The conversation of one chat (business-areas §2.15): bubbles, the user's
 * own on the right and the others' on the left, each with its sender and
 * time; older pages load while the view is closer than 600 px to its top
 * (keeping what is on screen in place), and the view goes to the bottom on
 * the first load and on each new message.
 */
import { memo, useEffect, useLayoutEffect, useRef } from "react";
import { Box, CircularProgress, Paper, Typography } from "@mui/material";
import { chatLimits, type ChatMessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { messageTime } from "./chatRules";
import { useChatMessages } from "./useChatMessages";

const ChatBubble = memo(function ChatBubble({ message, own }: { message: ChatMessageDto; own: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: "flex", justifyContent: own ? "flex-end" : "flex-start", px: { xs: 1, sm: 2 }, py: 0.5 }}
      data-testid={`chat-message-${message.id}`}
      data-own={own}
    >
      <Paper
        elevation={0}
        sx={(theme) => ({
          maxWidth: { xs: "85%", md: "70%" },
          minWidth: 96,
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          bgcolor: own ? (theme.palette.mode === "dark" ? "#005c4b" : "#d9fdd3") : "background.paper",
          boxShadow: "0 1px 0.5px rgba(11,20,26,.13)",
        })}
      >
        <Typography
          variant="caption"
          component="div"
          color="primary"
          sx={{ fontWeight: 600 }}
          data-testid="chat-sender"
        >
          {message.sender?.name ?? t("chat.removedUser")}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="chat-text">
          {message.message}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary" sx={{ textAlign: "right" }}>
          {messageTime(message.createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
});

export function ChatMessages({ chatId, userId }: { chatId: number; userId: number }) {
  const { messages, query } = useChatMessages(chatId);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const ref = useRef<HTMLDivElement>(null);
  /** Distance from the bottom kept while an older page is put above. */
  const keepFromBottom = useRef<number | null>(null);
  const newestId = useRef<number | null>(null);

  const loadOlderWhenNearTop = () => {
    const el = ref.current;
    if (!el || el.scrollTop >= chatLimits.loadOlderPx || !hasNextPage || isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  };

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    const newest = messages.at(-1)?.id ?? null;
    if (newest !== newestId.current) el.scrollTop = el.scrollHeight;
    newestId.current = newest;
  }, [messages]);

  // A conversation shorter than the view never scrolls: the older pages come until it fills it.
  useEffect(loadOlderWhenNearTop);

  return (
    <Box sx={{ position: "relative", flex: 1, minHeight: 0, display: "flex" }}>
      {(query.isPending || isFetchingNextPage) && (
        <CircularProgress size={24} sx={{ position: "absolute", top: 12, left: "calc(50% - 12px)", zIndex: 1 }} />
      )}
      <Box
        ref={ref}
        onScroll={loadOlderWhenNearTop}
        data-testid="chat-messages"
        sx={(theme) => ({
          flex: 1,
          overflowY: "auto",
          overflowAnchor: "none",
          py: 1,
          bgcolor: theme.palette.mode === "dark" ? "#0b141a" : "#efeae2",
        })}
      >
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} own={message.senderId === userId} />
        ))}
      </Box>
    </Box>
  );
}
