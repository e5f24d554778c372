/** The campaign variables: each key between braces with its value, and delete after confirmation. */
import { useState } from "react";
import { IconButton, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import type { CampaignVariable } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";

interface Props {
  variables: CampaignVariable[];
  onDelete: (key: string) => void;
}

export function VariablesTable({ variables, onDelete }: Props) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <>
      <Table size="small" data-testid="campaign-variables-table">
        <TableHead>
          <TableRow>
            <TableCell>{t("campaignsConfig.table.key")}</TableCell>
            <TableCell>{t("campaignsConfig.table.value")}</TableCell>
            <TableCell align="center">{t("campaignsConfig.table.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.map((v) => (
            <TableRow key={v.key} data-testid={`campaign-variable-${v.key}`}>
              <TableCell data-testid="campaign-variable-key">{`{${v.key}}`}</TableCell>
              <TableCell data-testid="campaign-variable-value" sx={{ whiteSpace: "pre-wrap" }}>
                {v.value}
              </TableCell>
              <TableCell align="center">
                <IconButton
                  size="small"
                  aria-label={t("campaignsConfig.buttons.delete")}
                  onClick={() => setDeleting(v.key)}
                  data-testid="campaign-variable-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {variables.length === 0 && (
            <TableRow>
              <TableCell colSpan={3} align="center" sx={{ color: "text.secondary", py: 3 }}>
                {t("campaignsConfig.noVariables")}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        title={t("campaignsConfig.confirmationModal.deleteTitle", { key: `{${deleting ?? ""}}` })}
        message={t("campaignsConfig.confirmationModal.deleteMessage")}
        confirmLabel={t("campaignsConfig.buttons.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting !== null && onDelete(deleting)}
        onClose={() => setDeleting(null)}
        testId="campaign-variable-delete-dialog"
      />
    </>
  );
}
