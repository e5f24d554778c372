/**
 * "Testar fluxo" (issue 18 item 7): the admin writes as the customer and sees what the
 * saved flow would answer, walked by the runtime's rules on the server (POST
 * /flowbuilder/{id}/simulate), which sends nothing and calls no paid AI. The node the
 * flow waits at is highlighted on the canvas.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Typography } from "@mui/material";
import Close from "@mui/icons-material/Close";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import type { FlowSimulation } from "@balcao/contracts";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { FlowMedia } from "../media";
import { emptySim, simAnswered, simRequest, type SimLine, type SimReply, type SimState } from "./simulator";

interface Props {
  flowId: string;
  dirty: boolean;
  /** The name of the node the flow waits at, for the status line. */
  nodeName: (id: string) => string;
  onWaitingAt: (nodeId: string | null) => void;
  onClose: () => void;
}

const mediaType = { image: "img", audio: "audio", video: "video" } as const;

function Reply({ reply }: { reply: SimReply }) {
  const { t } = useTranslation();
  if (reply.type === "handoff")
    return (
      <Typography variant="body2" sx={{ fontStyle: "italic" }}>
        {t("flowBuilder.simulator.handoff", { body: reply.body ?? "" })}
      </Typography>
    );
  if (reply.type === "text")
    return (
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
        {reply.body}
      </Typography>
    );
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {t(`flowBuilder.simulator.media.${reply.type}`)}
      </Typography>
      <FlowMedia type={mediaType[reply.type]} url={reply.url} maxHeight={160} />
      {reply.body && <Typography variant="body2">{reply.body}</Typography>}
    </Box>
  );
}

function Bubble({ line }: { line: SimLine }) {
  const mine = line.from === "customer";
  return (
    <Box
      data-testid={mine ? "sim-customer" : "sim-reply"}
      sx={{
        alignSelf: mine ? "flex-end" : "flex-start",
        maxWidth: "85%",
        px: 1.25,
        py: 0.75,
        borderRadius: 2,
        bgcolor: mine ? "primary.main" : "action.hover",
        color: mine ? "primary.contrastText" : "text.primary",
      }}
    >
      {mine ? (
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
          {line.body}
        </Typography>
      ) : (
        <Reply reply={line.reply} />
      )}
    </Box>
  );
}

export function SimulatorPanel({ flowId, dirty, nodeName, onWaitingAt, onClose }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<SimState>(emptySim);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  const ask = async (from: SimState, body?: string) => {
    setBusy(true);
    try {
      const answer = await api.post<FlowSimulation>(`/flowbuilder/${flowId}/simulate`, simRequest(from, body));
      const next = simAnswered(from, body, answer);
      setState(next);
      onWaitingAt(next.waitingAt);
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  // The conversation opens with what the flow sends before the customer's first answer.
  useEffect(() => {
    void ask(emptySim);
    return () => onWaitingAt(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, []);
  // Braces: scrollIntoView returns a promise in newer browsers, and an effect must return nothing else.
  useEffect(() => {
    void bottom.current?.scrollIntoView({ block: "end" });
  }, [state.lines.length]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body || busy) return;
    if (await ask(state, body)) setDraft("");
  };
  const restart = () => {
    setState(emptySim);
    onWaitingAt(null);
    void ask(emptySim);
  };

  return (
    <Paper
      variant="outlined"
      data-testid="flow-simulator"
      sx={{ width: 360, flexShrink: 0, display: "flex", flexDirection: "column", minHeight: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: "center", px: 1.5, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t("flowBuilder.simulator.title")}
        </Typography>
        <Button size="small" onClick={restart} disabled={busy} data-testid="sim-restart">
          {t("flowBuilder.simulator.restart")}
        </Button>
        <IconButton
          size="small"
          onClick={onClose}
          aria-label={t("flowBuilder.simulator.close")}
          data-testid="sim-close"
        >
          <Close fontSize="small" />
        </IconButton>
      </Stack>
      <Box sx={{ px: 1.5, pt: 1 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {t("flowBuilder.simulator.hint")}
        </Typography>
        {dirty && (
          <Alert severity="info" sx={{ mt: 1, py: 0 }} data-testid="sim-unsaved">
            {t("flowBuilder.simulator.unsaved")}
          </Alert>
        )}
      </Box>
      <Stack spacing={1} sx={{ flex: 1, overflowY: "auto", p: 1.5, minHeight: 120 }} data-testid="sim-chat">
        {state.lines.map((line, i) => (
          <Bubble key={i} line={line} />
        ))}
        <div ref={bottom} />
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1.5 }} data-testid="sim-status">
        {state.waitingAt
          ? t("flowBuilder.simulator.waiting", { node: nodeName(state.waitingAt) })
          : state.lines.length > 0 && t("flowBuilder.simulator.ended")}
      </Typography>
      <Box component="form" onSubmit={(e) => void send(e)} sx={{ display: "flex", gap: 1, p: 1.5 }}>
        <TextField
          size="small"
          fullWidth
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("flowBuilder.simulator.placeholder")}
          slotProps={{ htmlInput: { "data-testid": "sim-input", maxLength: 4096 } }}
        />
        <IconButton
          type="submit"
          color="primary"
          disabled={busy || !draft.trim()}
          aria-label={t("flowBuilder.simulator.send")}
          data-testid="sim-send"
        >
          <Send />
        </IconButton>
      </Box>
    </Paper>
  );
}
