/**
 * The import of a spreadsheet into a list (business-areas §2.10): a
 * confirmation with the import message and the sample's link; confirming
 * uploads the file; then the import's progress as the server reads the rows,
 * and its result, each refused row with its row number and reason (and, for a
 * sheet longer than the cap, that the rows past it were left out).
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { contactListLimits, type ContactListImportError, type ContactListImportProgress } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { sampleSheetUrl } from "./useContactLists";
import { useUploadSheet } from "./useContactListItems";

interface Props {
  listId: number;
  file: File;
  progress: ContactListImportProgress | null;
  onClose: () => void;
}

function reasonKey(error: ContactListImportError): string {
  if (error.reason === "ERR_DUPLICATED_CONTACT") return "contactListItems.import.reasons.duplicated";
  return `contactListItems.import.reasons.${error.field ?? "number"}`;
}

function ImportResult({ progress }: { progress: ContactListImportProgress }) {
  const { t } = useTranslation();
  if (progress.status === "failed")
    return (
      <Alert severity="error" data-testid="import-failed">
        {t("contactListItems.import.failed")}
      </Alert>
    );
  const more = progress.failed - progress.errors.length;
  return (
    <>
      <Alert severity={progress.failed ? "warning" : "success"} data-testid="import-done">
        {t("contactListItems.import.done", { imported: progress.imported, failed: progress.failed })}
      </Alert>
      {progress.error === "ERR_FILE_TOO_LARGE" && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="import-truncated">
          {t("contactListItems.import.truncated", { max: contactListLimits.importMaxRows })}
        </Alert>
      )}
      <List dense data-testid="import-errors">
        {progress.errors.map((e) => (
          <ListItem key={e.row} disableGutters>
            <ListItemText
              primary={`${t("contactListItems.import.row", { row: e.row })}: ${e.name || e.number || "—"}`}
              secondary={t(reasonKey(e))}
            />
          </ListItem>
        ))}
        {more > 0 && <ListItem disableGutters>{t("contactListItems.import.moreErrors", { count: more })}</ListItem>}
      </List>
    </>
  );
}

export function ImportSheetDialog({ listId, file, progress, onClose }: Props) {
  const { t } = useTranslation();
  const upload = useUploadSheet(listId);
  const started = upload.isPending || upload.isSuccess;
  const running = upload.isPending || (upload.isSuccess && (!progress || progress.status === "running"));
  const percent = progress && progress.total > 0 ? (progress.processed / progress.total) * 100 : undefined;
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>{t("contactListItems.import.title")}</DialogTitle>
      <DialogContent>
        {!started && (
          <>
            <Typography gutterBottom>{t("contactListItems.import.message")}</Typography>
            <Link href={sampleSheetUrl} download="planilha.xlsx" data-testid="import-sample">
              {t("contactListItems.import.sample")}
            </Link>
          </>
        )}
        {running && (
          <>
            <Typography gutterBottom>
              {progress
                ? t("contactListItems.import.progress", { processed: progress.processed, total: progress.total })
                : t("contactListItems.import.uploading", { name: file.name })}
            </Typography>
            <LinearProgress
              variant={percent === undefined ? "indeterminate" : "determinate"}
              value={percent}
              data-testid="import-progress"
            />
          </>
        )}
        {upload.isSuccess && progress && progress.status !== "running" && <ImportResult progress={progress} />}
      </DialogContent>
      <DialogActions>
        {!started ? (
          <>
            <Button onClick={onClose}>{t("contactListItems.import.cancel")}</Button>
            <Button variant="contained" onClick={() => upload.mutate(file)} data-testid="import-confirm">
              {t("contactListItems.import.confirm")}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={running} data-testid="import-close">
            {t("contactListItems.import.close")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
