/** The "edited" mark; hovering it (or a tap, on touch screens) shows the texts the edits replaced, oldest first. */
import { Box, Tooltip, Typography } from "@mui/material";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { dateTimeLabel } from "./messageRules";

export function EditHistory({ edits }: { edits: MessageDetails["edits"] }) {
  const { t } = useTranslation();
  const mark = (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ fontStyle: "italic", cursor: edits?.length ? "help" : undefined }}
      data-testid="message-edited"
    >
      {t("messagesList.edited")}
    </Typography>
  );
  if (!edits?.length) return mark;
  const history = (
    <Box data-testid="edit-history">
      <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
        {t("messageDetails.edits.title")}
      </Typography>
      {edits.map((edit, i) => (
        <Box key={i} sx={{ mt: 0.5 }}>
          <Typography variant="caption" sx={{ opacity: 0.7, display: "block" }}>
            {t("messageDetails.edits.before", { date: dateTimeLabel(edit.editedAt) })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {edit.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
  return (
    <Tooltip title={history} arrow enterTouchDelay={0}>
      {mark}
    </Tooltip>
  );
}
