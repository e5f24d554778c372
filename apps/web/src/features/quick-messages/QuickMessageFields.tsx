/**
 * The quick message modal's fields: shortcode, the 7-row message with a
 * variable picker that inserts at the cursor, the shared and active switches,
 * and the attachment ('Attach file' only while there is none; its removal asks first).
 */
import { useState } from "react";
import { Box, Button, FormControlLabel, IconButton, Menu, MenuItem, Switch, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import DataObject from "@mui/icons-material/DataObject";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { Controller, type Control, type UseFormGetValues, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { useInsertAtCursor } from "../common/useInsertAtCursor";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { messageVariables, type QuickMessageFormValues } from "./quickMessageForm";

interface Props {
  control: Control<QuickMessageFormValues>;
  getValues: UseFormGetValues<QuickMessageFormValues>;
  setValue: UseFormSetValue<QuickMessageFormValues>;
  /** The attachment's name (the stored one or the file picked), or null. */
  attachment: string | null;
  onAttach: (file: File) => void;
  onRemoveAttachment: () => void;
}

function VariablePicker({ onPick }: { onPick: (variable: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<DataObject />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="quick-message-variables"
      >
        {t("quickMessageModal.variables.button")}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {messageVariables.map((name) => (
          <MenuItem
            key={name}
            data-testid={`quick-message-variable-${name}`}
            onClick={() => {
              setAnchor(null);
              onPick(`{{${name}}}`);
            }}
          >
            <Box component="code" sx={{ mr: 1.5 }}>{`{{${name}}}`}</Box>
            {t(`quickMessageModal.variables.${name}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function Toggle({
  control,
  name,
  label,
}: {
  control: Control<QuickMessageFormValues>;
  name: "geral" | "status";
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              slotProps={{ input: { "data-testid": `quick-message-${name}` } as object }}
            />
          }
        />
      )}
    />
  );
}

export function QuickMessageFields(props: Props) {
  const { control, getValues, setValue, attachment, onAttach, onRemoveAttachment } = props;
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const message = useInsertAtCursor(
    () => getValues("message"),
    (text) => setValue("message", text, { shouldDirty: true }),
  );

  return (
    <Box>
      <FormText
        control={control}
        name="shortcode"
        label={t("quickMessageModal.form.shortcode")}
        testId="quick-message-shortcode"
      />
      <FormText
        control={control}
        name="message"
        label={t("quickMessageModal.form.message")}
        rows={7}
        textRef={message.ref}
        testId="quick-message-message"
      />
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mt: 0.5 }}>
        <VariablePicker onPick={message.insert} />
        <Toggle control={control} name="geral" label={t("quickMessageModal.form.geral")} />
        <Toggle control={control} name="status" label={t("quickMessageModal.form.status")} />
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1.5, minHeight: 40 }}>
        {attachment ? (
          <>
            <AttachFile fontSize="small" color="action" />
            <Typography variant="body2" noWrap sx={{ maxWidth: 320 }} data-testid="quick-message-file-name">
              {attachment}
            </Typography>
            <IconButton
              size="small"
              onClick={() => setConfirming(true)}
              aria-label={t("quickMessageModal.buttons.removeAttachment")}
              data-testid="quick-message-file-remove"
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </>
        ) : (
          <Button component="label" variant="outlined" startIcon={<AttachFile />} data-testid="quick-message-attach">
            {t("quickMessageModal.buttons.attach")}
            <input
              hidden
              type="file"
              data-testid="quick-message-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) onAttach(file);
              }}
            />
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t("quickMessageModal.confirmationModal.deleteTitle")}
        message={t("quickMessageModal.confirmationModal.deleteMessage", { name: attachment ?? "" })}
        confirmLabel={t("quickMessageModal.buttons.removeAttachment")}
        cancelLabel={t("common.cancel")}
        onConfirm={onRemoveAttachment}
        onClose={() => setConfirming(false)}
        testId="quick-message-file-remove-dialog"
      />
    </Box>
  );
}
