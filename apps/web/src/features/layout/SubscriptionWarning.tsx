/** "Sua assinatura expira em N dia(s)" when fewer than 5 days are left (core-platform §4.5). */
import { Alert } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { expiryWarningDays } from "./subscription";

export function SubscriptionWarning() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const days = user ? expiryWarningDays(user) : null;
  if (days === null) return null;
  return (
    <Alert severity="warning" data-testid="subscription-warning" sx={{ mb: 2 }}>
      {t("mainLayout.subscriptionExpires", { count: days })}
    </Alert>
  );
}
