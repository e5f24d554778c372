/** Edit mode of one chatbot option: title and message, then save or delete (business-areas §2.4). */
import { useState } from "react";
import { Box, Button, TextField } from "@mui/material";
import { queueLimits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import type { OptionText } from "./useQueueOptions";

interface Props {
  initial: OptionText;
  saving: boolean;
  onSave: (text: OptionText) => void;
  /** Deletes a saved option, or drops an unsaved one. */
  onDelete: () => void;
  onCancel?: () => void;
}

export function OptionForm({ initial, saving, onSave, onDelete, onCancel }: Props) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial.title);
  const [message, setMessage] = useState(initial.message);
  const save = () => onSave({ title: title.trim(), message });
  // Not a <form>: it sits inside the queue's form, whose submit would save the queue.
  return (
    <Box data-testid="option-form" sx={{ display: "grid", gap: 1, py: 1 }}>
      <TextField
        size="small"
        autoFocus
        placeholder={t("queueOptions.titlePlaceholder")}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          // Enter saves the option rather than submitting the queue.
          if (e.key !== "Enter") return;
          e.preventDefault();
          save();
        }}
        slotProps={{
          htmlInput: {
            maxLength: queueLimits.optionTitleMax,
            "data-testid": "option-title",
            "aria-label": t("queueOptions.titlePlaceholder"),
          },
        }}
      />
      <TextField
        size="small"
        multiline
        minRows={2}
        placeholder={t("queueOptions.messagePlaceholder")}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        slotProps={{
          htmlInput: {
            maxLength: queueLimits.messageMax,
            "data-testid": "option-message",
            "aria-label": t("queueOptions.messagePlaceholder"),
          },
        }}
      />
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
        {onCancel && (
          <Button size="small" color="inherit" onClick={onCancel} data-testid="option-cancel">
            {t("common.cancel")}
          </Button>
        )}
        <Button size="small" color="error" onClick={onDelete} data-testid="option-delete">
          {t("queueOptions.delete")}
        </Button>
        <Button size="small" variant="contained" loading={saving} onClick={save} data-testid="option-save">
          {t("queueOptions.save")}
        </Button>
      </Box>
    </Box>
  );
}
