/**
 * The conversation (core-platform §2.10): rows from messageRules, older
 * pages when scrolled within 50 px of the top (keeping what is on screen in
 * place), and the bottom on the first load and on each new message. Only
 * the rows near the view are rendered (a virtual list measured row by row),
 * so 5,000 messages stay smooth (DESIGN §9).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { Box, Chip, CircularProgress, Divider } from "@mui/material";
import type { MessageDto } from "@balcao/contracts";
import { useMutation } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { ConfirmDialog } from "../../lists/ConfirmDialog";
import { MessageBubble } from "./MessageBubble";
import { buildRows, dateTimeLabel, deleteScopeOf, type MessageRow } from "./messageRules";
import { useReply } from "./replyContext";
import { useMessages } from "./useMessages";
import { useTranscribe } from "./useTranscribe";

export const LIST_TOP_PX = 50;
/** Within this distance of the bottom, growing content keeps the view at the bottom. */
const STICK_PX = 80;

function Separator({ row }: { row: Exclude<MessageRow, { kind: "message" }> }) {
  const { t } = useTranslation();
  if (row.kind === "day") {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 1 }} data-testid="day-separator">
        <Chip size="small" label={row.label} sx={{ bgcolor: "background.paper", boxShadow: 1 }} />
      </Box>
    );
  }
  const ended = t("messagesList.ended", { date: dateTimeLabel(row.endedAt) });
  const started = t("messagesList.started", { date: dateTimeLabel(row.startedAt) });
  return (
    <Box sx={{ px: 2, py: 1 }} data-testid="ticket-change">
      <Divider>
        <Chip size="small" color="error" variant="outlined" label={ended} />
      </Divider>
      <Divider sx={{ mt: 1 }}>
        <Chip size="small" color="success" variant="outlined" label={started} />
      </Divider>
    </Box>
  );
}

interface Props {
  ticketId: number;
  isGroup: boolean;
  readOnly?: boolean;
  /** Audio messages get "Transcrever" (the ticket's queue or connection has an AI prompt). */
  transcribable?: boolean;
}

export function MessageList({ ticketId, isGroup, readOnly = false, transcribable = false }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { messages, query } = useMessages(ticketId);
  const { setReplyingTo } = useReply();
  const rows = useMemo(() => buildRows(messages), [messages]);
  const ref = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Distance from the bottom kept while an older page is prepended. */
  const keepFromBottom = useRef<number | null>(null);
  const lastId = useRef<number | null>(null);
  const atBottom = useRef(true);
  const lastTop = useRef(0);
  const [deleting, setDeleting] = useState<MessageDto | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => ref.current,
    estimateSize: (i) => (rows[i]?.kind === "message" ? 64 : 44),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 10,
  });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || messages.length === 0) return;
    const newest = messages[messages.length - 1]?.id ?? null;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    // First load and each new message: to the bottom.
    if (newest !== lastId.current) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
    lastId.current = newest;
  }, [messages]);

  // Rows measured after the jump (media, long texts) and a shrinking box keep the view at the bottom if it was there.
  useEffect(() => {
    const el = ref.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && keepFromBottom.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    // Only a move up lets go of the bottom: rows measured after a jump make the
    // gap grow without anyone scrolling, and must not count as leaving it.
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < lastTop.current) atBottom.current = near;
    else if (near) atBottom.current = true;
    lastTop.current = el.scrollTop;
    if (el.scrollTop < LIST_TOP_PX && query.hasNextPage && !query.isFetchingNextPage) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void query.fetchNextPage();
    }
  };

  const remove = useMutation({
    mutationFn: (m: MessageDto) => api.delete(`/messages/${m.id}`, { scope: deleteScopeOf(m) }),
    onError: toastError,
  });
  // Where WhatsApp cannot delete it, the confirmation says the customer keeps the message.
  const hiding = deleting !== null && deleteScopeOf(deleting) === "team";
  const { mutate: retry } = useMutation({
    mutationFn: (id: number) => api.post(`/messages/${id}/retry`),
    onError: toastError,
  });
  const onRetry = useCallback((m: MessageDto) => retry(m.id), [retry]);
  const { transcribe, pendingId } = useTranscribe();
  const onTranscribe = useCallback((m: MessageDto) => transcribe(m.id), [transcribe]);

  return (
    <Box sx={{ position: "relative", flex: 1, minHeight: 0, display: "flex" }}>
      {(query.isPending || query.isFetchingNextPage) && (
        <CircularProgress size={24} sx={{ position: "absolute", top: 12, left: "calc(50% - 12px)", zIndex: 1 }} />
      )}
      <Box
        ref={ref}
        onScroll={onScroll}
        data-testid="message-list"
        data-rows={rows.length}
        sx={(theme) => ({
          flex: 1,
          overflowY: "auto",
          overflowAnchor: "none",
          py: 1,
          bgcolor: theme.palette.mode === "dark" ? "#0b141a" : "#efeae2",
        })}
      >
        <Box ref={content} sx={{ position: "relative", width: "100%", height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Box
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                sx={{ position: "absolute", top: 0, left: 0, width: "100%" }}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === "message" ? (
                  <MessageBubble
                    message={row.message}
                    isGroup={isGroup}
                    readOnly={readOnly}
                    onReply={setReplyingTo}
                    onDelete={row.message.fromMe && row.message.userId === user?.id ? setDeleting : undefined}
                    onRetry={onRetry}
                    onTranscribe={transcribable && !readOnly ? onTranscribe : undefined}
                    transcribing={pendingId === row.message.id}
                    retryable={row.message.ticketId === ticketId}
                  />
                ) : (
                  <Separator row={row} />
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t(hiding ? "messageOptionsMenu.hideModal.title" : "messageOptionsMenu.confirmationModal.title")}
        message={t(hiding ? "messageOptionsMenu.hideModal.message" : "messageOptionsMenu.confirmationModal.message")}
        confirmLabel={t(hiding ? "messageOptionsMenu.hideForTeam" : "messageOptionsMenu.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        testId="message-delete-dialog"
      />
    </Box>
  );
}
