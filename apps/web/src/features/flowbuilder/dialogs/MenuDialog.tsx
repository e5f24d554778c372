/**
 * §2 Menu: an explanation message and numbered options added with +; only the last option
 * can be removed (an option's number names its output, "a" + number, so numbers never shift
 * under an edge). data {message, arrayOption[{number, value}]}.
 */
import { useState } from "react";
import { Box, Button, IconButton, TextField } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { useTranslation } from "react-i18next";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { VariableHint } from "./VariableHint";
import { list, obj, str } from "./read";
import { hasMenuErrors, menuErrors, renumber, type MenuOption } from "./rules";
import type { BlockDialogProps } from "./types";

function savedOptions(value: unknown): MenuOption[] {
  const options = renumber(list(value).map((o) => ({ value: str(obj(o).value) })));
  return options.length > 0 ? options : [{ number: 1, value: "" }];
}

function MenuForm({ mode, data, variables, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(str(data?.message));
  const [options, setOptions] = useState<MenuOption[]>(() => savedOptions(data?.arrayOption));
  const [errors, setErrors] = useState<ReturnType<typeof menuErrors> | null>(null);
  const setOption = (index: number, value: string) => {
    setOptions((old) => old.map((o, i) => (i === index ? { ...o, value } : o)));
    setErrors(null);
  };
  const submit = () => {
    const found = menuErrors(message, options);
    setErrors(found);
    if (!hasMenuErrors(found)) onSave({ message, arrayOption: options });
  };
  return (
    <BlockDialogShell mode={mode} block="menu" onClose={onClose} onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        multiline
        minRows={3}
        label={t("flowDialogs.menu.message")}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setErrors(null);
        }}
        error={!!errors?.message}
        helperText={errors?.message ? t(errors.message) : undefined}
        slotProps={{ htmlInput: { "data-testid": "flow-menu-message" } }}
      />
      <VariableHint variables={variables} />
      {options.map((option, i) => (
        <Box key={option.number} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <TextField
            fullWidth
            margin="dense"
            label={t("flowDialogs.menu.option", { number: option.number })}
            value={option.value}
            onChange={(e) => setOption(i, e.target.value)}
            error={!!errors?.options[i]}
            helperText={errors?.options[i] ? t(errors.options[i]) : undefined}
            slotProps={{ htmlInput: { "data-testid": `flow-menu-option-${option.number}` } }}
          />
          {i === options.length - 1 && options.length > 1 && (
            <IconButton
              aria-label={t("flowDialogs.menu.remove")}
              title={t("flowDialogs.menu.remove")}
              onClick={() => setOptions((old) => old.slice(0, -1))}
              data-testid="flow-menu-remove"
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => setOptions((old) => [...old, { number: old.length + 1, value: "" }])}
        data-testid="flow-menu-add"
        sx={{ mt: 1 }}
      >
        {t("flowDialogs.menu.add")}
      </Button>
    </BlockDialogShell>
  );
}

export const MenuDialog = blockDialog(MenuForm);
