/**
 * After Pay (core-platform §2.19): the Pix QR code (256 px, §9), the total,
 * the copy button ("Copiar código QR", "Copiado" for 1 s) and how to pay.
 * Once the realtime confirmation comes, the renewal replaces the waiting line.
 */
import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { limits, timings, type SubscriptionResponse } from "@balcao/contracts";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { formatBrl } from "../common/money";
import { formatDueDate } from "../layout/subscription";

const k = (key: string) => `checkoutPage.pix.${key}`;

function CopyButton({ payload }: { payload: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () =>
    void navigator.clipboard.writeText(payload).then(
      () => {
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), timings.copiedQrResetMs);
      },
      () => toast.error(t(k("copyFailed"))),
    );
  return (
    <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy} data-testid="checkout-copy">
      {copied ? t(k("copied")) : t(k("copy"))}
    </Button>
  );
}

export function PixPayment({ charge, renewedUntil }: { charge: SubscriptionResponse; renewedUntil: string | null }) {
  const { t } = useTranslation();
  const payload = charge.qrcode.qrcode;
  return (
    <Box sx={{ display: "grid", justifyItems: "center", gap: 2, textAlign: "center" }} data-testid="checkout-pix">
      <Box sx={{ p: 2, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
        <QRCodeSVG
          value={payload}
          size={limits.qrCodePx}
          role="img"
          aria-label={t(k("qrLabel"))}
          data-testid="checkout-qrcode"
        />
      </Box>
      <Typography variant="h5" component="p" data-testid="checkout-total">
        {t(k("total"), { total: formatBrl(charge.valor.original) })}
      </Typography>
      <CopyButton payload={payload} />
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t(k("instructions"))}
      </Typography>
      {renewedUntil ? (
        <Alert severity="success" data-testid="checkout-renewed">
          {t("checkoutPage.renewed", { date: formatDueDate(renewedUntil) })}
        </Alert>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
          <CircularProgress size={16} />
          <Typography variant="body2" data-testid="checkout-waiting">
            {t(k("waiting"))}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
