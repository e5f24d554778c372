/**
 * The schedule modal's fields (business-areas §2.8, core-platform §5): the
 * contact, the 9-row body with chips that insert message variables at the
 * cursor, sendAt (a past one is sent at once, and the modal says so), and
 * the optional image (.png, .jpg, .jpeg) whose removal asks first. All
 * read-only once the schedule was sent.
 */
import { useState } from "react";
import { Alert, Box, Button, Chip, IconButton, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { messageVariables } from "@balcao/contracts";
import { useWatch, type Control, type UseFormGetValues, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { useInsertAtCursor } from "../common/useInsertAtCursor";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { ContactField } from "./ContactField";
import { isPast, type ScheduleFormValues } from "./scheduleForm";

interface Props {
  control: Control<ScheduleFormValues>;
  getValues: UseFormGetValues<ScheduleFormValues>;
  setValue: UseFormSetValue<ScheduleFormValues>;
  readOnly: boolean;
  /** The image's name (the stored one or the file picked), or null. */
  image: string | null;
  onAttach: (file: File) => void;
  onRemoveImage: () => void;
}

function PastNotice({ control }: { control: Control<ScheduleFormValues> }) {
  const { t } = useTranslation();
  const sendAt = useWatch({ control, name: "sendAt" });
  if (!isPast(sendAt)) return null;
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="schedule-past-notice">
      {t("scheduleModal.pastNotice")}
    </Alert>
  );
}

function ImageField(props: Pick<Props, "readOnly" | "image" | "onAttach" | "onRemoveImage">) {
  const { readOnly, image, onAttach, onRemoveImage } = props;
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1.5, minHeight: 40 }}>
      {image ? (
        <>
          <AttachFile fontSize="small" color="action" />
          <Typography variant="body2" noWrap sx={{ maxWidth: 320 }} data-testid="schedule-file-name">
            {image}
          </Typography>
          {!readOnly && (
            <IconButton
              size="small"
              onClick={() => setConfirming(true)}
              aria-label={t("scheduleModal.buttons.removeImage")}
              data-testid="schedule-file-remove"
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          )}
        </>
      ) : (
        !readOnly && (
          <Button component="label" variant="outlined" startIcon={<AttachFile />} data-testid="schedule-attach">
            {t("scheduleModal.buttons.attach")}
            <input
              hidden
              type="file"
              accept=".png,.jpg,.jpeg"
              data-testid="schedule-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) onAttach(file);
              }}
            />
          </Button>
        )
      )}
      <ConfirmDialog
        open={confirming}
        title={t("scheduleModal.confirmationModal.deleteTitle")}
        message={t("scheduleModal.confirmationModal.deleteMessage", { name: image ?? "" })}
        confirmLabel={t("scheduleModal.buttons.removeImage")}
        cancelLabel={t("common.cancel")}
        onConfirm={onRemoveImage}
        onClose={() => setConfirming(false)}
        testId="schedule-file-remove-dialog"
      />
    </Box>
  );
}

export function ScheduleFields(props: Props) {
  const { control, getValues, setValue, readOnly } = props;
  const { t } = useTranslation();
  const body = useInsertAtCursor(
    () => getValues("body"),
    (text) => setValue("body", text, { shouldDirty: true }),
  );

  return (
    <Box>
      <ContactField control={control} disabled={readOnly} />
      <FormText
        control={control}
        name="body"
        label={t("scheduleModal.form.body")}
        rows={9}
        disabled={readOnly}
        textRef={body.ref}
        testId="schedule-body"
      />
      {!readOnly && (
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", mt: 0.5 }}>
          {messageVariables.map((name) => (
            <Chip
              key={name}
              size="small"
              variant="outlined"
              label={t(`quickMessageModal.variables.${name}`)}
              title={`{{${name}}}`}
              onClick={() => body.insert(`{{${name}}}`)}
              data-testid={`schedule-variable-${name}`}
            />
          ))}
        </Box>
      )}
      <FormText
        control={control}
        name="sendAt"
        type="datetime-local"
        label={t("scheduleModal.form.sendAt")}
        disabled={readOnly}
        testId="schedule-send-at"
      />
      {!readOnly && <PastNotice control={control} />}
      <ImageField {...props} />
    </Box>
  );
}
