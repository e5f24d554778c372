/** §2 Message: "Adicionar/Editar mensagem ao fluxo", one text; data {label}. */
import { useState } from "react";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { VariableHint } from "./VariableHint";
import { str } from "./read";
import { textError } from "./rules";
import type { BlockDialogProps } from "./types";

function MessageForm({ mode, data, variables, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(str(data?.label));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = textError(label);
    setError(problem);
    if (!problem) onSave({ label });
  };
  return (
    <BlockDialogShell mode={mode} block="message" onClose={onClose} onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        multiline
        minRows={4}
        label={t("flowDialogs.message.text")}
        value={label}
        onChange={(e) => {
          setLabel(e.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ? t(error) : undefined}
        slotProps={{ htmlInput: { "data-testid": "flow-message-text" } }}
      />
      <VariableHint variables={variables} />
    </BlockDialogShell>
  );
}

export const MessageDialog = blockDialog(MessageForm);
