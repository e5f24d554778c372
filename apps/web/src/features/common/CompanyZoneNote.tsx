/**
 * Says whose clock a time is on (issue 30 item 1): the company's time zone,
 * next to times a person in another zone could misread.
 */
import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { zoneLabel } from "../../app/company-clock";

/** "Fuso da empresa: Horário Padrão de Brasília (America/Sao_Paulo)". */
export function useCompanyZoneHint(): string {
  const { t, i18n } = useTranslation();
  return t("common.companyTimeZone", { zone: zoneLabel(i18n.language) });
}

export function CompanyZoneNote({ testId }: { testId: string }) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid={testId}>
      {useCompanyZoneHint()}
    </Typography>
  );
}
