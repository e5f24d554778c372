/**
 * A connection's status icon with its tooltip and its session buttons, by
 * status (core-platform §4.3). A Cloud API connection has no QR pairing: it
 * shows "connected via Cloud API" instead of QR buttons.
 */
import { Box, Button, CircularProgress, Tooltip, Typography } from "@mui/material";
import CropFree from "@mui/icons-material/CropFree";
import SignalCellular4Bar from "@mui/icons-material/SignalCellular4Bar";
import SignalCellularConnectedNoInternet0Bar from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import SignalCellularConnectedNoInternet2Bar from "@mui/icons-material/SignalCellularConnectedNoInternet2Bar";
import type { WhatsappDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import type { SessionAction } from "./useConnections";

const tooltipKey: Partial<Record<WhatsappDto["status"], string>> = {
  qrcode: "qrcode",
  DISCONNECTED: "disconnected",
  CONNECTED: "connected",
  PAIRING: "timeout",
  TIMEOUT: "timeout",
};

function StatusIcon({ status }: { status: WhatsappDto["status"] }) {
  switch (status) {
    case "CONNECTED":
      return <SignalCellular4Bar sx={{ color: "success.main" }} />;
    case "DISCONNECTED":
      return <SignalCellularConnectedNoInternet0Bar color="error" />;
    case "qrcode":
      return <CropFree />;
    case "OPENING":
      return <CircularProgress size={20} />;
    case "PAIRING":
    case "TIMEOUT":
      return <SignalCellularConnectedNoInternet2Bar color="error" />;
  }
}

export function ConnectionStatus({ connection }: { connection: WhatsappDto }) {
  const { t } = useTranslation();
  const key = tooltipKey[connection.status];
  const icon = (
    <Box
      component="span"
      sx={{ display: "inline-flex" }}
      data-testid="connection-status"
      data-status={connection.status}
      aria-label={key ? t(`connections.tooltips.${key}.title`) : connection.status}
    >
      <StatusIcon status={connection.status} />
    </Box>
  );
  if (!key) return icon;
  return (
    <Tooltip
      title={
        <>
          <Typography variant="subtitle2">{t(`connections.tooltips.${key}.title`)}</Typography>
          <Typography variant="body2">{t(`connections.tooltips.${key}.content`)}</Typography>
        </>
      }
    >
      {icon}
    </Tooltip>
  );
}

interface ButtonsProps {
  connection: WhatsappDto;
  onAction: (action: SessionAction) => void;
  /** Disconnecting asks first (a new QR scan is needed afterwards). */
  onDisconnect: () => void;
}

export function SessionButtons({ connection, onAction, onDisconnect }: ButtonsProps) {
  const { t } = useTranslation();
  const small = { size: "small", variant: "outlined" } as const;
  const cloud = connection.provider === "cloud";
  switch (connection.status) {
    case "qrcode":
      // The QR code modal arrives with the session work; the button is where it will open it.
      return (
        <Button {...small} variant="contained" disabled data-testid="session-qrcode">
          {t("connections.buttons.qrcode")}
        </Button>
      );
    case "DISCONNECTED":
      return (
        <Box sx={{ display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
          <Button {...small} onClick={() => onAction("start")} data-testid="session-start">
            {t("connections.buttons.tryAgain")}
          </Button>
          {!cloud && (
            <Button {...small} color="secondary" onClick={() => onAction("newQr")} data-testid="session-new-qr">
              {t("connections.buttons.newQr")}
            </Button>
          )}
        </Box>
      );
    case "CONNECTED":
      if (cloud) {
        return (
          <Typography variant="body2" color="text.secondary" data-testid="session-cloud">
            {t("connections.cloudConnected")}
          </Typography>
        );
      }
      return (
        <Button {...small} color="secondary" onClick={onDisconnect} data-testid="session-disconnect">
          {t("connections.buttons.disconnect")}
        </Button>
      );
    case "PAIRING":
    case "TIMEOUT":
      return (
        <Button {...small} color="secondary" onClick={onDisconnect} data-testid="session-disconnect">
          {t("connections.buttons.disconnect")}
        </Button>
      );
    case "OPENING":
      return (
        <Button {...small} disabled data-testid="session-opening">
          {t("connections.buttons.connecting")}
        </Button>
      );
  }
}
