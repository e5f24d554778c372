/**
 * A connection's status icon with its tooltip and its session buttons, by
 * status and provider (core-platform §4.3, the table in sessionView.ts).
 */
import { Box, Button, CircularProgress, Tooltip, Typography } from "@mui/material";
import CropFree from "@mui/icons-material/CropFree";
import SignalCellular4Bar from "@mui/icons-material/SignalCellular4Bar";
import SignalCellularConnectedNoInternet0Bar from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import SignalCellularConnectedNoInternet2Bar from "@mui/icons-material/SignalCellularConnectedNoInternet2Bar";
import type { ConnectionStatus as Status, WhatsappDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { buttonAction, sessionButtons, sessionTooltip, type SessionAction, type SessionButton } from "./sessionView";

function StatusIcon({ status }: { status: Status }) {
  switch (status) {
    case "CONNECTED":
      return <SignalCellular4Bar sx={{ color: "success.main" }} />;
    case "DISCONNECTED":
      return <SignalCellularConnectedNoInternet0Bar color="error" />;
    case "qrcode":
      return <CropFree color="warning" />;
    case "OPENING":
      return <CircularProgress size={20} />;
    case "PAIRING":
    case "TIMEOUT":
      return <SignalCellularConnectedNoInternet2Bar color="warning" />;
  }
}

export function ConnectionStatus({ connection }: { connection: WhatsappDto }) {
  const { t } = useTranslation();
  const key = sessionTooltip(connection.status, connection.provider);
  const title = key ? t(`connections.tooltips.${key}.title`) : t("connections.buttons.connecting");
  const icon = (
    <Box
      component="span"
      sx={{ display: "inline-flex" }}
      data-testid="connection-status"
      data-status={connection.status}
      role="img"
      aria-label={title}
    >
      <StatusIcon status={connection.status} />
    </Box>
  );
  // OPENING has no tooltip (§4.3): the spinner says it.
  if (!key) return icon;
  return (
    <Tooltip
      title={
        <Box data-testid="connection-status-tooltip">
          <Typography variant="subtitle2">{title}</Typography>
          <Typography variant="body2">{t(`connections.tooltips.${key}.content`)}</Typography>
        </Box>
      }
    >
      {icon}
    </Tooltip>
  );
}

interface ButtonsProps {
  connection: WhatsappDto;
  onAction: (action: SessionAction) => void;
  onShowQr: () => void;
  /** Disconnecting asks first. */
  onDisconnect: () => void;
}

const testIds: Record<SessionButton, string> = {
  qrcode: "session-qrcode",
  tryAgain: "session-start",
  newQr: "session-new-qr",
  disconnect: "session-disconnect",
  connecting: "session-opening",
};

export function SessionButtons({ connection, onAction, onShowQr, onDisconnect }: ButtonsProps) {
  const { t } = useTranslation();
  const click = (button: SessionButton) => {
    const action = buttonAction[button];
    if (action) onAction(action);
    else if (button === "qrcode") onShowQr();
    else if (button === "disconnect") onDisconnect();
  };
  return (
    <Box sx={{ display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
      {sessionButtons(connection.status, connection.provider).map((button) => (
        <Button
          key={button}
          size="small"
          variant={button === "qrcode" ? "contained" : "outlined"}
          color={button === "newQr" || button === "disconnect" ? "secondary" : "primary"}
          disabled={button === "connecting"}
          startIcon={button === "connecting" ? <CircularProgress size={14} color="inherit" /> : undefined}
          onClick={() => click(button)}
          data-testid={testIds[button]}
          sx={{ whiteSpace: "nowrap" }}
        >
          {t(`connections.buttons.${button}`)}
        </Button>
      ))}
    </Box>
  );
}
