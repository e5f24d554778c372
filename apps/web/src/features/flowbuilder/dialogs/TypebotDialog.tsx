/**
 * §2 Typebot block: "Adicionar Typebot ao fluxo" / "Editar Typebot", the integration's
 * fields (name, urlN8N and typebotSlug required), Cancelar / Adicionar or Editar;
 * data {typebotIntegration: {…, projectName = name}}.
 */
import { Box } from "@mui/material";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../../common/FormText";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import type { BlockDialogProps } from "./types";
import {
  toTypebotData,
  toTypebotForm,
  typebotFormSchema,
  typebotTextFields,
  type TypebotFormValues,
} from "./typebotForm";

const pair = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 };

function TypebotForm({ mode, data, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<TypebotFormValues>({
    resolver: zodResolver(typebotFormSchema),
    defaultValues: toTypebotForm(data),
    mode: "onTouched",
  });
  const label = (field: keyof TypebotFormValues) => t(`flowDialogs.typebot.${field}`);
  const submit = handleSubmit((values) => onSave(toTypebotData(values, data)));
  return (
    <BlockDialogShell mode={mode} block="typebot" onClose={onClose} onSubmit={() => void submit()} maxWidth="md">
      <FormText control={control} name="name" label={label("name")} testId="flow-typebot-name" />
      <FormText control={control} name="urlN8N" label={label("urlN8N")} testId="flow-typebot-url" />
      <FormText control={control} name="typebotSlug" label={label("typebotSlug")} testId="flow-typebot-slug" />
      <Box sx={pair}>
        <FormText
          control={control}
          name="typebotExpires"
          label={label("typebotExpires")}
          testId="flow-typebot-expires"
          inputMode="numeric"
        />
        <FormText
          control={control}
          name="typebotDelayMessage"
          label={label("typebotDelayMessage")}
          testId="flow-typebot-delay"
          inputMode="numeric"
        />
      </Box>
      {typebotTextFields.map((field) => (
        <FormText key={field} control={control} name={field} label={label(field)} testId={`flow-typebot-${field}`} />
      ))}
    </BlockDialogShell>
  );
}

export const TypebotDialog = blockDialog(TypebotForm);
