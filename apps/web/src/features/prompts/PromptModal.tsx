/**
 * Add or edit an AI prompt (automation-areas §2 "Prompt dialog", §5, §9):
 * name, the API key (masked, with show/hide), the training text, queue, model
 * (the two §9 options or another name), temperature, max tokens and max
 * messages, plus ours: the provider's base URL and the transcription model.
 * Without a queue, promptModal.setor is shown and nothing is saved.
 */
import { useState } from "react";
import { Box } from "@mui/material";
import { promptLimits, promptModelOptions, type PromptDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { FormText } from "../common/FormText";
import { VisibilityToggle } from "../common/VisibilityToggle";
import { useQueues } from "../queues/useQueues";
import {
  emptyPromptForm,
  otherModel,
  promptFormSchema,
  toPromptBody,
  toPromptForm,
  type PromptFormValues,
} from "./promptForm";
import { promptSaved } from "./usePrompts";

interface Props {
  /** The prompt to edit; absent to add one. */
  promptId?: number;
  onClose: () => void;
}

const f = (key: string) => `promptModal.form.${key}`;
const row = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" }, columnGap: 2 };
const pair = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 };

export function PromptModal({ promptId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queues = useQueues().data ?? [];
  const [showKey, setShowKey] = useState(false);
  const record = useQuery({
    queryKey: ["prompt", "record", promptId],
    queryFn: () => api.get<PromptDto>(`/prompt/${promptId}`),
    enabled: promptId !== undefined,
    retry: false,
    gcTime: 0,
  });
  const { control, handleSubmit, reset } = useForm<PromptFormValues>({
    resolver: zodResolver(promptFormSchema),
    defaultValues: emptyPromptForm(),
    mode: "onTouched",
  });
  const model = useWatch({ control, name: "model" });
  useRecordForm({
    record: record.data,
    toForm: toPromptForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });

  const saving = useSaveRecord({
    path: "/prompt",
    id: promptId,
    toBody: toPromptBody,
    successText: t("promptModal.success"),
    onSaved: (saved: PromptDto) => promptSaved(queryClient, saved),
    onClose,
  });
  // §5: a prompt without a queue is not sent; the dialog says why.
  const save = {
    isPending: saving.isPending,
    mutate: (values: PromptFormValues) => {
      if (values.queueId === "") toast.error(t("promptModal.setor"), { toastId: "prompt-queue" });
      else saving.mutate(values);
    },
  };

  return (
    <FormDialog
      adding={promptId === undefined}
      i18nKey="promptModal"
      maxWidth="md"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={promptId !== undefined && !record.data}
      testIds={{ dialog: "prompt-modal", cancel: "prompt-cancel", submit: "prompt-save" }}
    >
      <FormText control={control} name="name" label={t(f("name"))} testId="prompt-name" />
      <FormText
        control={control}
        name="apiKey"
        label={t(f("apikey"))}
        testId="prompt-apikey"
        type={showKey ? "text" : "password"}
        endAdornment={
          <VisibilityToggle
            shown={showKey}
            onToggle={() => setShowKey((s) => !s)}
            label={t(showKey ? "promptModal.buttons.hideKey" : "promptModal.buttons.showKey")}
            testId="prompt-apikey-toggle"
          />
        }
      />
      <FormText control={control} name="prompt" label={t(f("prompt"))} testId="prompt-prompt" rows={10} />
      <Box sx={pair}>
        <FormText control={control} name="queueId" label={t(f("queue"))} testId="prompt-queue" select>
          <option value="">{t(f("queuePick"))}</option>
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </FormText>
        <FormText control={control} name="model" label={t(f("model"))} testId="prompt-model" select>
          {promptModelOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          <option value={otherModel}>{t(f("otherModel"))}</option>
        </FormText>
      </Box>
      {model === otherModel && (
        <FormText
          control={control}
          name="customModel"
          label={t(f("customModel"))}
          helperText={t(f("customModelHelp"))}
          testId="prompt-custom-model"
        />
      )}
      <Box sx={row}>
        <FormText
          control={control}
          name="temperature"
          label={t(f("temperature"))}
          testId="prompt-temperature"
          type="number"
          range={{
            min: promptLimits.temperatureMin,
            max: promptLimits.temperatureMax,
            step: promptLimits.temperatureStep,
          }}
        />
        <FormText
          control={control}
          name="maxTokens"
          label={t(f("max_tokens"))}
          testId="prompt-max-tokens"
          type="number"
          range={{ min: 1, max: promptLimits.maxTokensMax, step: 1 }}
        />
        <FormText
          control={control}
          name="maxMessages"
          label={t(f("max_messages"))}
          testId="prompt-max-messages"
          type="number"
          range={{ min: 1, max: promptLimits.maxMessagesMax, step: 1 }}
        />
      </Box>
      <Box sx={pair}>
        <FormText
          control={control}
          name="baseUrl"
          label={t(f("baseUrl"))}
          helperText={t(f("baseUrlHelp"))}
          testId="prompt-base-url"
        />
        <FormText
          control={control}
          name="transcriptionModel"
          label={t(f("transcriptionModel"))}
          helperText={t(f("transcriptionModelHelp"))}
          testId="prompt-transcription-model"
        />
      </Box>
    </FormDialog>
  );
}
