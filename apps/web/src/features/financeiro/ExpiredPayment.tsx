/**
 * The way to pay that an expired company's admin is offered on the login page
 * (issue 14 item 5; billing-api §4): a "Pay invoice" button opening the
 * company's open invoices, and from one of them the checkout, nothing else.
 * The payment token lasts 30 minutes; once the server refuses it, the person
 * is told to sign in again.
 */
import { useMemo, useState } from "react";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type PaperProps,
} from "@mui/material";
import type { InvoiceDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/http";
import { errorMessage } from "../../api/toast-error";
import { unpaidByDueDate } from "./invoiceRules";
import { InvoicesTable } from "./InvoicesTable";
import { paymentTokenClient, type PaymentTokenClient } from "./paymentTokenClient";
import { TokenCheckout } from "./TokenCheckout";

function failureText(err: unknown, t: (key: string) => string): string {
  return err instanceof ApiError && err.status === 401 ? t("expiredPayment.tokenExpired") : errorMessage(err);
}

function OpenInvoices({
  client,
  onPay,
  onClose,
}: {
  client: PaymentTokenClient;
  onPay: (i: InvoiceDto) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: ["expired-open-invoices"], queryFn: client.invoices, gcTime: 0, retry: false });
  const open = unpaidByDueDate(list.data?.invoices ?? []);
  const paper = { "data-testid": "expired-invoices" } as PaperProps;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth slotProps={{ paper }}>
      <DialogTitle>{t("expiredPayment.title")}</DialogTitle>
      <DialogContent dividers>
        {list.isPending && (
          <Box sx={{ display: "grid", placeItems: "center", py: 4 }} aria-busy="true">
            <CircularProgress />
          </Box>
        )}
        {list.isError && <Alert severity="error">{failureText(list.error, t)}</Alert>}
        {list.isSuccess && open.length === 0 && <Alert severity="info">{t("expiredPayment.noOpenInvoice")}</Alert>}
        {open.length > 0 && <InvoicesTable invoices={open} onPay={onPay} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="expired-invoices-close">
          {t("expiredPayment.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface Props {
  paymentToken: string;
  companyName?: string;
  /** The payment is confirmed: sign the person in. */
  onRenewed: () => void;
}

export function ExpiredPayment({ paymentToken, companyName, onRenewed }: Props) {
  const { t } = useTranslation();
  const client = useMemo(() => paymentTokenClient(paymentToken), [paymentToken]);
  const [listing, setListing] = useState(false);
  const [paying, setPaying] = useState<InvoiceDto | null>(null);
  return (
    <>
      <Button
        fullWidth
        variant="outlined"
        color="warning"
        sx={{ mt: 1 }}
        onClick={() => setListing(true)}
        data-testid="login-pay-invoice"
      >
        {t("expiredPayment.pay")}
      </Button>
      {listing && !paying && <OpenInvoices client={client} onPay={setPaying} onClose={() => setListing(false)} />}
      {paying && (
        <TokenCheckout
          client={client}
          invoice={paying}
          companyName={companyName}
          onClose={() => setPaying(null)}
          onRenewed={onRenewed}
        />
      )}
    </>
  );
}
