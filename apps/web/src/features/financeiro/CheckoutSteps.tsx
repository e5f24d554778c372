/**
 * The checkout dialog's three steps (core-platform §2.19): Data (who pays and
 * where), Customize (the plan card: what this invoice pays for) and Review.
 * No card fields: Pix needs none, and the form says so.
 */
import { Alert, Box, Card, CardContent, Checkbox, FormControlLabel, Typography } from "@mui/material";
import { Controller, useWatch, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../auth/FormField";
import { formatBrl } from "../common/money";
import { formatDueDate } from "../layout/subscription";
import { checkoutCountries, dataFields, type CheckoutFormValues } from "./checkoutForm";
import type { InvoiceDto as Invoice } from "@balcao/contracts";

const k = (key: string) => `checkoutPage.${key}`;

/** Pix needs no card: card data is never asked for, kept or sent. */
export function PixNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="checkout-pix-notice">
      {t(k("pixNotice"))}
    </Alert>
  );
}

export function DataStep({ control }: { control: Control<CheckoutFormValues> }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="checkout-step-data">
      <Box sx={{ display: "grid", gap: { sm: 2 }, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        {dataFields.map((name) => (
          <FormField
            key={name}
            control={control}
            name={name}
            label={t(k(`form.${name}`))}
            testId={`checkout-${name}`}
            autoFocus={name === "firstName"}
          />
        ))}
        <FormField control={control} name="country" label={t(k("form.country"))} testId="checkout-country" select>
          {checkoutCountries.map((c) => (
            <option key={c} value={c}>
              {t(k(`form.countries.${c}`))}
            </option>
          ))}
        </FormField>
      </Box>
      <Controller
        control={control}
        name="useAddressForPaymentDetails"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t(k("form.useAddressForPaymentDetails"))}
          />
        )}
      />
      <PixNotice />
    </Box>
  );
}

/** The plan card: the invoice's detail and its stored value, which is what the charge will be. */
export function PlanCard({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid="checkout-plan-card" sx={{ maxWidth: 360, mx: "auto" }}>
      <CardContent sx={{ textAlign: "center" }}>
        <Typography variant="overline" color="text.secondary">
          {t(k("plan.invoice"), { id: invoice.id })}
        </Typography>
        <Typography variant="h6" component="p">
          {invoice.detail}
        </Typography>
        <Typography variant="h4" component="p" sx={{ my: 1 }} data-testid="checkout-plan-value">
          {formatBrl(invoice.value)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(k("plan.perMonth"))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t(k("plan.dueDate"), { date: formatDueDate(invoice.dueDate) })}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t(k("plan.method"))}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 500, textAlign: "right" }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function ReviewStep({ control, invoice }: { control: Control<CheckoutFormValues>; invoice: Invoice }) {
  const { t } = useTranslation();
  const v = useWatch({ control });
  const name = [v.firstName, v.lastName].filter(Boolean).join(" ");
  const place = [v.address2, v.city, v.state, v.zipcode].filter(Boolean).join(", ");
  return (
    <Box data-testid="checkout-step-review">
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t(k("review.title"))}
      </Typography>
      <Line label={t(k("review.plan"))} value={invoice.detail} />
      <Line label={t(k("review.name"))} value={name} />
      <Line label={t(k("review.address"))} value={place} />
      <Line label={t(k("review.method"))} value={t(k("review.pix"))} />
      <Line label={t(k("review.total"))} value={formatBrl(invoice.value)} testId="checkout-review-total" />
      <PixNotice />
    </Box>
  );
}
