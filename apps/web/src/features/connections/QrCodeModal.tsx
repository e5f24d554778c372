/**
 * The QR code modal (core-platform §2.17): the scanning steps beside a 256 px
 * QR code, or a "waiting" text until one arrives. The QR is the live one (the
 * list follows whatsappSession events); opening re-reads GET /whatsapp/{id}
 * (§7.4) in case an event was missed. It closes by itself when the QR clears.
 */
import { useEffect, useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import type { WhatsappDto } from "@balcao/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { qrModalDone } from "./sessionView";
import { applySession } from "./connectionList";
import { setConnections } from "./useConnections";

interface Props {
  whatsappId: number;
  /** The connection as the live list has it; undefined once deleted. */
  connection: WhatsappDto | undefined;
  onClose: () => void;
}

const steps = ["open", "menu", "link", "scan"] as const;

/** Re-read the connection once on opening and put its session into the list. */
function useFreshSession(whatsappId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    void api
      .get<WhatsappDto>(`/whatsapp/${whatsappId}`)
      .then((w) => live && setConnections(queryClient, (list) => applySession(list, w)), toastError);
    return () => {
      live = false;
    };
  }, [queryClient, whatsappId]);
}

export function QrCodeModal({ whatsappId, connection, onClose }: Props) {
  const { t } = useTranslation();
  useFreshSession(whatsappId);
  const qrcode = connection?.qrcode ?? "";
  const [qrShown, setQrShown] = useState(qrcode !== "");
  if (qrcode && !qrShown) setQrShown(true);
  const done = qrModalDone(connection, qrShown);

  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  return (
    <Dialog open onClose={onClose} maxWidth="md" data-testid="qrcode-modal" aria-labelledby="qrcode-modal-title">
      <DialogTitle id="qrcode-modal-title">{t("qrCodeModal.title", { name: connection?.name ?? "" })}</DialogTitle>
      <DialogContent sx={{ display: "flex", flexDirection: { xs: "column", md: "row" }, gap: 3, alignItems: "center" }}>
        <Box component="ol" sx={{ m: 0, pl: 3, maxWidth: 360 }} data-testid="qrcode-steps">
          {steps.map((step) => (
            <Typography component="li" key={step} variant="body1" sx={{ mb: 1 }}>
              {t(`qrCodeModal.steps.${step}`)}
            </Typography>
          ))}
        </Box>
        <Box sx={{ minWidth: 288, minHeight: 288, display: "grid", placeItems: "center" }}>
          {qrcode ? (
            // White around the code, as scanners need, in the dark theme too.
            <Box sx={{ p: 2, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
              <QRCodeSVG
                value={qrcode}
                size={256}
                role="img"
                aria-label={t("qrCodeModal.qrLabel")}
                data-testid="qrcode-image"
              />
            </Box>
          ) : (
            <Typography color="text.secondary" data-testid="qrcode-waiting">
              {t("qrCodeModal.waiting")}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="qrcode-modal-close">
          {t("qrCodeModal.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
