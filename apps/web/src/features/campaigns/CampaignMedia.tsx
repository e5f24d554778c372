/**
 * The campaign's media (business-areas §2.11): the attached file's name with
 * its delete (after a confirmation), and the Attach button of the modal's
 * actions, whose file is uploaded after the save.
 */
import { useState } from "react";
import { Box, Button, IconButton, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";

/** The name of the file attached (picked or stored), with its delete; nothing without one. */
export function MediaName({
  name,
  onRemove,
  disabled,
}: {
  name: string | null;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!name) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1.5 }}>
      <AttachFile fontSize="small" color="action" />
      <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} data-testid="campaign-media-name">
        {name}
      </Typography>
      {!disabled && (
        <IconButton
          size="small"
          onClick={() => setConfirming(true)}
          aria-label={t("campaigns.dialog.buttons.deleteMedia")}
          data-testid="campaign-media-remove"
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("campaigns.confirmationModal.deleteMediaTitle")}
        message={t("campaigns.confirmationModal.deleteMediaMessage", { name })}
        confirmLabel={t("campaigns.dialog.buttons.deleteMedia")}
        cancelLabel={t("common.cancel")}
        onConfirm={onRemove}
        onClose={() => setConfirming(false)}
        testId="campaign-media-remove-dialog"
      />
    </Box>
  );
}

export function AttachButton({ onAttach }: { onAttach: (file: File) => void }) {
  const { t } = useTranslation();
  return (
    <Button component="label" color="inherit" startIcon={<AttachFile />} data-testid="campaign-attach">
      {t("campaigns.dialog.buttons.attach")}
      <input
        hidden
        type="file"
        data-testid="campaign-media-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onAttach(file);
        }}
      />
    </Button>
  );
}
