/** The flow's answer keys, each as {{key}}, under a text the runtime renders (§2 content block). */
import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

export function VariableHint({ variables }: { variables: string[] }) {
  const { t } = useTranslation();
  if (variables.length === 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="flow-dialog-variables">
      {t("flowDialogs.variables")} {variables.map((v) => `{{${v}}}`).join(" ")}
    </Typography>
  );
}
