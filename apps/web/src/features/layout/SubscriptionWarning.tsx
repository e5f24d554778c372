/**
 * "Sua assinatura expira em N dia(s)" when fewer than 5 days are left (core-platform §4.5), to those who
 * can act on it (issue 30 item 11): the admins, with the way to the invoices. Agents cannot pay, so they
 * are not told.
 */
import { Alert, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../app/auth";
import { expiryWarningDays, mayPay } from "./subscription";

export function SubscriptionWarning() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const days = user && mayPay(user) ? expiryWarningDays(user) : null;
  if (days === null) return null;
  return (
    <Alert
      severity="warning"
      data-testid="subscription-warning"
      sx={{ mb: 2 }}
      action={
        <Button component={Link} to="/financeiro" color="inherit" size="small" data-testid="subscription-warning-pay">
          {t("mainLayout.subscriptionPay")}
        </Button>
      }
    >
      {t("mainLayout.subscriptionExpires", { count: days })}
    </Alert>
  );
}
