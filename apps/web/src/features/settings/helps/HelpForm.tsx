/** The Help tab's form: title, video code with a thumbnail preview, and description. */
import { useEffect } from "react";
import { Box } from "@mui/material";
import { helpThumbnailUrl, youtubeVideoId, type HelpDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../auth/FormField";
import { FormActions } from "../FormActions";
import { emptyHelpForm, helpFormSchema, toFormValues, toSaveBody, type HelpFormValues } from "./helpForm";

interface Props {
  editing: HelpDto | null;
  saving: boolean;
  onSave: (body: ReturnType<typeof toSaveBody>) => void;
  onDelete: () => void;
  onClear: () => void;
}

export function HelpForm({ editing, saving, onSave, onDelete, onClear }: Props) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset } = useForm<HelpFormValues>({
    resolver: zodResolver(helpFormSchema),
    defaultValues: emptyHelpForm,
    mode: "onTouched",
  });
  const video = youtubeVideoId(useWatch({ control, name: "video" }) ?? "");

  useEffect(() => {
    reset(editing ? toFormValues(editing) : emptyHelpForm);
  }, [editing, reset]);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void handleSubmit((values) => onSave(toSaveBody(values)))(e)}
      data-testid="help-form"
    >
      <Box sx={{ display: "grid", columnGap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 120px" } }}>
        <FormField control={control} name="title" label={t("settings.helps.form.title")} testId="help-title" />
        <FormField
          control={control}
          name="video"
          label={t("settings.helps.form.video")}
          testId="help-video"
          helperText={t("settings.helps.form.videoHelp")}
        />
        <Box
          sx={{
            mt: 1,
            height: 68,
            borderRadius: 1,
            bgcolor: "action.hover",
            backgroundImage: video ? `url(${helpThumbnailUrl(video)})` : undefined,
            backgroundSize: "cover",
            backgroundPosition: "center",
            display: { xs: "none", md: "block" },
          }}
          role="img"
          aria-label={t("settings.helps.form.preview")}
        />
      </Box>
      <FormField
        control={control}
        name="description"
        label={t("settings.helps.form.description")}
        testId="help-description"
        htmlInput={{ maxLength: 2000 }}
      />
      <FormActions editing={!!editing} saving={saving} onClear={onClear} onDelete={onDelete} testId="help" />
    </Box>
  );
}
