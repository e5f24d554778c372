/**
 * §2 Question: "Adicionar Perguta ao fluxo" / "Editar Perguta" (spelled as shown), Mensagem
 * (7 rows) and "Salvar resposta" (the answerKey), both required; data {typebotIntegration:
 * {message, answerKey}}. The builder keeps the variables list (§4 "Question answer keys").
 */
import { useState } from "react";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { VariableHint } from "./VariableHint";
import { obj, str } from "./read";
import { answerKeyError, textError } from "./rules";
import type { BlockDialogProps } from "./types";

function QuestionForm({ mode, data, variables, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const saved = obj(data?.typebotIntegration);
  const [message, setMessage] = useState(str(saved.message));
  const [answerKey, setAnswerKey] = useState(str(saved.answerKey));
  const [errors, setErrors] = useState<{ message: string | null; answerKey: string | null }>({
    message: null,
    answerKey: null,
  });
  const submit = () => {
    const found = { message: textError(message), answerKey: answerKeyError(answerKey) };
    setErrors(found);
    if (!found.message && !found.answerKey) onSave({ typebotIntegration: { message, answerKey: answerKey.trim() } });
  };
  return (
    <BlockDialogShell mode={mode} block="question" onClose={onClose} onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        multiline
        rows={7}
        required
        label={t("flowDialogs.question.message")}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setErrors((old) => ({ ...old, message: null }));
        }}
        error={!!errors.message}
        helperText={errors.message ? t(errors.message) : undefined}
        slotProps={{ htmlInput: { "data-testid": "flow-question-message" } }}
      />
      <VariableHint variables={variables} />
      <TextField
        fullWidth
        margin="dense"
        required
        label={t("flowDialogs.question.answerKey")}
        value={answerKey}
        onChange={(e) => {
          setAnswerKey(e.target.value);
          setErrors((old) => ({ ...old, answerKey: null }));
        }}
        error={!!errors.answerKey}
        helperText={t(errors.answerKey ?? "flowDialogs.question.answerKeyHelp")}
        slotProps={{ htmlInput: { "data-testid": "flow-question-answerkey" } }}
      />
    </BlockDialogShell>
  );
}

export const QuestionDialog = blockDialog(QuestionForm);
