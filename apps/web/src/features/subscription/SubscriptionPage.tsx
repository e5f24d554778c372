/**
 * Subscription (/subscription, business-areas §2.19): read-only, the days left
 * on the subscription and the billing email (the company's email). 'Sign
 * now' opens the checkout of the company's open invoice (the unpaid one due
 * first), for the admins who may pay it; otherwise it is disabled and says why.
 */
import { useState } from "react";
import { Box, Button, CircularProgress, Paper, TextField, Tooltip, Typography } from "@mui/material";
import { PLATFORM_COMPANY_ID, type InvoiceDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { AppCheckout } from "../financeiro/AppCheckout";
import { invoiceToPay } from "../financeiro/invoiceRules";
import { useInvoices } from "../financeiro/useInvoices";
import { daysUntil, formatDueDate, mayPay } from "../layout/subscription";
import { useOwnCompany } from "./useOwnCompany";

/** "Remaining N days", "expired N days ago", or no limit for the platform company. */
function useRemaining(companyId: number, dueDate: string | null): string {
  const { t } = useTranslation();
  if (companyId === PLATFORM_COMPANY_ID || !dueDate) return t("subscription.noLimit");
  const days = daysUntil(dueDate);
  return days >= 0 ? t("subscription.remaining", { count: days }) : t("subscription.expired", { count: -days });
}

/** 'Sign now': the checkout of the open invoice, or a disabled button that says why not. */
function SignNow() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = mayPay(user);
  const { items, query } = useInvoices(allowed);
  const invoice = invoiceToPay(items);
  // Kept as it was when clicked: its confirmation reloads the list, where it is then paid.
  const [paying, setPaying] = useState<InvoiceDto | null>(null);
  const why = !allowed
    ? t("subscription.adminsOnly")
    : query.isSuccess && !invoice
      ? t("subscription.noOpenInvoice")
      : "";
  return (
    <>
      <Tooltip title={why}>
        {/* A disabled button fires no events: the span carries the tooltip. */}
        <Box component="span" sx={{ justifySelf: "start" }}>
          <Button
            variant="contained"
            disabled={!invoice}
            loading={allowed && query.isPending}
            onClick={() => setPaying(invoice ?? null)}
            data-testid="subscription-sign-now"
          >
            {t("subscription.signNow")}
          </Button>
        </Box>
      </Tooltip>
      {paying && <AppCheckout invoice={paying} companyName={user?.company.name} onClose={() => setPaying(null)} />}
    </>
  );
}

function Fields({ id, email, dueDate }: { id: number; email: string | null; dueDate: string | null }) {
  const { t } = useTranslation();
  const remaining = useRemaining(id, dueDate);
  const readOnly = { input: { readOnly: true } };
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 480 }}>
      <TextField
        label={t("subscription.trialPeriod")}
        value={remaining}
        helperText={
          dueDate && id !== PLATFORM_COMPANY_ID
            ? t("subscription.dueDate", { date: formatDueDate(dueDate) })
            : undefined
        }
        slotProps={{ ...readOnly, htmlInput: { "data-testid": "subscription-remaining" } }}
      />
      <TextField
        label={t("subscription.billingEmail")}
        value={email ?? ""}
        slotProps={{ ...readOnly, htmlInput: { "data-testid": "subscription-email" } }}
      />
      <SignNow />
    </Box>
  );
}

export default function SubscriptionPage() {
  const { t } = useTranslation();
  const company = useOwnCompany();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {t("subscription.title")}
      </Typography>
      {company.data ? (
        <Fields id={company.data.id} email={company.data.email} dueDate={company.data.dueDate} />
      ) : (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
          <CircularProgress />
        </Box>
      )}
    </Paper>
  );
}
