/**
 * §2 AI block: "Adicionar OpenAI ao fluxo" / "Editar OpenAI"; name, apiKey (masked, with
 * show/hide), prompt (10 rows), voice ('texto' or a pt-BR voice), voiceKey, voiceRegion,
 * temperature, maxTokens, maxMessages, and ours: model and baseUrl. data
 * {typebotIntegration: {…, projectName = name, queueId}}.
 */
import { useState } from "react";
import { Box } from "@mui/material";
import { flowAiVoices, promptLimits, promptModelOptions } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../../common/FormText";
import { VisibilityToggle } from "../../common/VisibilityToggle";
import { aiFormSchema, toAiData, toAiForm, type AiFormValues } from "./aiForm";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import type { BlockDialogProps } from "./types";

const row = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" }, columnGap: 2 };
const pair = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 };

function OpenAiForm({ mode, data, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [showKey, setShowKey] = useState(false);
  const defaults = toAiForm(data);
  const { control, handleSubmit } = useForm<AiFormValues>({
    resolver: zodResolver(aiFormSchema),
    defaultValues: defaults,
    mode: "onTouched",
  });
  const voice = useWatch({ control, name: "voice" });
  const label = (field: string) => t(`flowDialogs.openai.${field}`);
  const submit = handleSubmit((values) => onSave(toAiData(values, data)));
  // A model saved by another means stays choosable.
  const models = promptModelOptions.some((o) => o.value === defaults.model)
    ? promptModelOptions
    : [...promptModelOptions, { value: defaults.model, label: defaults.model }];
  return (
    <BlockDialogShell mode={mode} block="openai" onClose={onClose} onSubmit={() => void submit()} maxWidth="md">
      <FormText control={control} name="name" label={label("name")} testId="flow-openai-name" />
      <FormText
        control={control}
        name="apiKey"
        label={label("apiKey")}
        testId="flow-openai-apikey"
        type={showKey ? "text" : "password"}
        helperText={mode === "edit" ? label("apiKeyHelp") : undefined}
        endAdornment={
          <VisibilityToggle
            shown={showKey}
            onToggle={() => setShowKey((s) => !s)}
            label={label(showKey ? "hideKey" : "showKey")}
            testId="flow-openai-key-toggle"
          />
        }
      />
      <FormText control={control} name="prompt" label={label("prompt")} testId="flow-openai-prompt" rows={10} />
      <Box sx={pair}>
        <FormText control={control} name="model" label={label("model")} testId="flow-openai-model" select>
          {models.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </FormText>
        <FormText
          control={control}
          name="baseUrl"
          label={label("baseUrl")}
          helperText={label("baseUrlHelp")}
          testId="flow-openai-baseurl"
        />
      </Box>
      <Box sx={row}>
        <FormText control={control} name="voice" label={label("voice")} testId="flow-openai-voice" select>
          {flowAiVoices.map((v) => (
            <option key={v} value={v}>
              {v === "texto" ? label("voiceText") : v}
            </option>
          ))}
        </FormText>
        <FormText
          control={control}
          name="voiceKey"
          label={label("voiceKey")}
          testId="flow-openai-voicekey"
          type="password"
          disabled={voice === "texto"}
        />
        <FormText
          control={control}
          name="voiceRegion"
          label={label("voiceRegion")}
          testId="flow-openai-voiceregion"
          disabled={voice === "texto"}
        />
      </Box>
      <Box sx={row}>
        <FormText
          control={control}
          name="temperature"
          label={label("temperature")}
          testId="flow-openai-temperature"
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
          label={label("maxTokens")}
          testId="flow-openai-maxtokens"
          type="number"
          range={{ min: 1, max: promptLimits.maxTokensMax, step: 1 }}
        />
        <FormText
          control={control}
          name="maxMessages"
          label={label("maxMessages")}
          testId="flow-openai-maxmessages"
          type="number"
          range={{ min: 1, max: promptLimits.maxMessagesMax, step: 1 }}
        />
      </Box>
    </BlockDialogShell>
  );
}

export const OpenAiDialog = blockDialog(OpenAiForm);
