/**
 * The import's outcome: each contact added as 'contactId | contactName - saved'
 * and each failed row as 'contactName - error message' (business-areas §2.3).
 * Errors come first; a long list shows its first rows and how many more.
 */
import { Box, List, ListItem, ListItemText, Typography } from "@mui/material";
import { isErrorCode, type ContactUploadResult } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

const SHOWN = 300;

export function ImportResultList({ result }: { result: ContactUploadResult }) {
  const { t } = useTranslation();
  const errorText = (error: ContactUploadResult["errorBag"][number]["error"]) => {
    if (error.field) return t(`contactImportModal.errors.${error.field}`);
    return isErrorCode(error.message) ? t(`backendErrors.${error.message}`) : error.message;
  };
  // Only the rows shown are built: a 10,000-row import re-renders after every batch.
  const errors = result.errorBag.slice(0, SHOWN);
  const saved = result.newContacts.slice(0, SHOWN - errors.length);
  const hidden = result.errorBag.length + result.newContacts.length - errors.length - saved.length;
  const lines = [
    ...errors.map((e, i) => ({ key: `e${i}`, text: `${e.contactName} - ${errorText(e.error)}`, error: true })),
    ...saved.map((c) => ({
      key: `c${c.contactId}`,
      text: `${c.contactId} | ${c.contactName} - ${t("contactImportModal.saved")}`,
      error: false,
    })),
  ];
  return (
    <Box data-testid="contact-import-results">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="contact-import-summary">
        {t("contactImportModal.summary", { saved: result.newContacts.length, errors: result.errorBag.length })}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 240, overflowY: "auto", bgcolor: "action.hover", borderRadius: 1 }}>
        {lines.map((line) => (
          <ListItem key={line.key} data-testid={line.error ? "contact-import-error" : "contact-import-saved"}>
            <ListItemText
              primary={line.text}
              slotProps={{ primary: { variant: "body2", color: line.error ? "error" : "text.primary" } }}
            />
          </ListItem>
        ))}
        {hidden > 0 && (
          <ListItem>
            <ListItemText
              primary={t("contactImportModal.more", { count: hidden })}
              slotProps={{ primary: { variant: "body2", color: "text.secondary" } }}
            />
          </ListItem>
        )}
      </List>
    </Box>
  );
}
