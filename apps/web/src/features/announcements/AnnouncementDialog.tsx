/** One announcement opened from the popover: title, image, text and 'Fechar' (core-platform §2.14). */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import type { AnnouncementDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useMediaDataUrl } from "./useMediaDataUrl";

export function AnnouncementDialog({ announcement, onClose }: { announcement: AnnouncementDto; onClose: () => void }) {
  const { t } = useTranslation();
  const image = useMediaDataUrl(announcement.mediaPath);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="announcement-dialog">
      <DialogTitle>{announcement.title}</DialogTitle>
      <DialogContent dividers>
        {announcement.mediaPath && (
          <Box sx={{ display: "grid", placeItems: "center", mb: 2, minHeight: image ? undefined : 120 }}>
            {image && (
              <Box
                component="img"
                src={image}
                alt={announcement.mediaName ?? announcement.title}
                data-testid="announcement-dialog-image"
                sx={{ maxWidth: "100%", maxHeight: 360, objectFit: "contain", borderRadius: 1 }}
              />
            )}
          </Box>
        )}
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="announcement-dialog-text">
          {announcement.text}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="announcement-dialog-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
