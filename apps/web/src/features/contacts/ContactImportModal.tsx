/**
 * Contact import modal (business-areas §2.3): choose an .xlsx, see its name and
 * row count, download the template, import in batches with a progress bar,
 * then read what was saved and what failed. Buttons wait while it runs.
 */
import { useRef, useState } from "react";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from "@mui/material";
import Download from "@mui/icons-material/Download";
import UploadFile from "@mui/icons-material/UploadFile";
import type { ContactUploadRow } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ImportResultList } from "./ImportResultList";
import { parseContactSheet } from "./parseContactSheet";
import { useContactImport } from "./useContactImport";

export const TEMPLATE_URL = "/import-contatos.xlsx";

interface Chosen {
  name: string;
  rows: ContactUploadRow[];
}

export function ContactImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const { progress, run, reset } = useContactImport();
  const busy = reading || progress.running;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    reset();
    if (!file.name.toLowerCase().endsWith(".xlsx")) {
      toast.error(t("contactImportModal.errors.fileType"));
      return;
    }
    setReading(true);
    try {
      setChosen({ name: file.name, rows: await parseContactSheet(file) });
    } catch {
      setChosen(null);
      toast.error(t("contactImportModal.errors.unreadable"));
    } finally {
      setReading(false);
    }
  };

  const percent = progress.total ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="contact-import-modal">
      <DialogTitle>{t("contactImportModal.title")}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("contactImportModal.help")}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid="contact-import-file"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => input.current?.click()}
            disabled={busy}
            loading={reading}
            data-testid="contact-import-choose"
          >
            {t("contactImportModal.buttons.choose")}
          </Button>
          <Button
            component="a"
            href={TEMPLATE_URL}
            download="import-contatos.xlsx"
            startIcon={<Download />}
            disabled={busy}
            data-testid="contact-import-template"
          >
            {t("contactImportModal.buttons.template")}
          </Button>
        </Box>
        {chosen && (
          <Typography sx={{ mt: 2 }} data-testid="contact-import-chosen">
            {t("contactImportModal.chosen", { name: chosen.name, count: chosen.rows.length })}
          </Typography>
        )}
        {(progress.running || progress.done) && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={percent} data-testid="contact-import-progress" />
            <Typography variant="caption" color="text.secondary">
              {t("contactImportModal.progress", { sent: progress.sent, total: progress.total })}
            </Typography>
          </Box>
        )}
        {(progress.done || progress.result.newContacts.length + progress.result.errorBag.length > 0) && (
          <Box sx={{ mt: 2 }}>
            <ImportResultList result={progress.result} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy} data-testid="contact-import-close">
          {t("contactImportModal.buttons.close")}
        </Button>
        <Button
          variant="contained"
          onClick={() => chosen && void run(chosen.rows)}
          disabled={busy || !chosen || chosen.rows.length === 0 || progress.done}
          loading={progress.running}
          data-testid="contact-import-submit"
        >
          {t("contactImportModal.buttons.import")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
