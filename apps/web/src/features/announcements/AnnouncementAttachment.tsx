/** The modal's image attachment: pick a .png/.jpg/.jpeg, see its name, remove it. */
import { Box, Button, IconButton, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { useTranslation } from "react-i18next";
import { timings } from "@balcao/contracts";
import { toast } from "react-toastify";
import { imageAccept, imageProblem } from "./announcementForm";

interface Props {
  /** The name shown: the new file's, or the stored image's; null when there is none. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

export function AnnouncementAttachment({ name, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1.5, flexWrap: "wrap" }}>
      <Button component="label" variant="outlined" startIcon={<AttachFile />} data-testid="announcement-attach">
        {t("announcementModal.buttons.attach")}
        <input
          hidden
          type="file"
          accept={imageAccept}
          data-testid="announcement-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            const problem = imageProblem(file);
            // The same localised text the server's refusal would show.
            if (problem)
              toast.error(t(`backendErrors.${problem}`), { toastId: problem, autoClose: timings.errorToastMs });
            else onPick(file);
          }}
        />
      </Button>
      {name && (
        <Box sx={{ display: "flex", alignItems: "center", minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ maxWidth: 220 }} data-testid="announcement-file-name">
            {name}
          </Typography>
          <IconButton
            size="small"
            onClick={onRemove}
            aria-label={t("announcementModal.buttons.removeImage")}
            data-testid="announcement-file-remove"
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
