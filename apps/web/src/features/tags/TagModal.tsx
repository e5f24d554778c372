/**
 * Add or edit a tag (business-areas §2.5): name, a free colour (the browser's
 * colour picker, no transparency) and the 'Kanban' switch, shown only to admin
 * and supervisor profiles.
 */
import { Box, Chip, FormControlLabel, Switch, TextField, useTheme } from "@mui/material";
import { canSetKanban, type TagListItem } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { useAuth } from "../../app/auth";
import { FormField } from "../auth/FormField";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { upsertInPages } from "../lists/usePagedList";
import { emptyTagForm, tagFormSchema, toTagBody, toTagForm, type TagFormValues } from "./tagForm";
import { tagsKey } from "./useTags";

interface Props {
  /** The tag to edit; absent to add one. */
  tagId?: number;
  onClose: () => void;
}

export function TagModal({ tagId, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const mayKanban = canSetKanban(user?.profile) || user?.super === true;
  const record = useQuery({
    queryKey: ["tag", tagId],
    queryFn: () => api.get<TagListItem>(`/tags/${tagId}`),
    enabled: tagId !== undefined,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<TagFormValues>({
    resolver: zodResolver(tagFormSchema),
    defaultValues: emptyTagForm,
    mode: "onTouched",
  });
  const [name, color] = useWatch({ control, name: ["name", "color"] });

  useRecordForm({
    record: record.data,
    toForm: toTagForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const save = useSaveRecord({
    path: "/tags",
    id: tagId,
    toBody: (values: TagFormValues) => toTagBody(values, user?.id),
    successText: t("tags.toasts.saved"),
    onSaved: (tag: TagListItem) => upsertInPages(queryClient, tagsKey, "tags", tag),
    onClose,
  });

  const loading = tagId !== undefined && !record.data;
  return (
    <FormDialog
      adding={tagId === undefined}
      i18nKey="tagModal"
      maxWidth="xs"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={loading}
      testIds={{ dialog: "tag-modal", cancel: "tag-cancel", submit: "tag-save" }}
    >
      <FormField control={control} name="name" label={t("tagModal.form.name")} testId="tag-name" autoFocus />
      <Controller
        control={control}
        name="color"
        render={({ field, fieldState }) => (
          <TextField
            type="color"
            label={t("tagModal.form.color")}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ? t(fieldState.error.message) : field.value.toUpperCase()}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { "data-testid": "tag-color", style: { height: 36, cursor: "pointer" } } }}
          />
        )}
      />
      {mayKanban && (
        <Controller
          control={control}
          name="kanban"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              label={t("tagModal.form.kanban")}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { "data-testid": "tag-kanban" } as object }}
                />
              }
            />
          )}
        />
      )}
      <Box sx={{ mt: 2 }}>
        <Chip
          label={name.trim() || t("tagModal.form.preview")}
          sx={{ bgcolor: color, color: theme.palette.getContrastText(color || "#000000") }}
          data-testid="tag-preview"
        />
      </Box>
    </FormDialog>
  );
}
