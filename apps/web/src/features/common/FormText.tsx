/** A text input (or native select) bound to a react-hook-form field; its errors are i18n keys. */
import type { ReactNode, RefObject } from "react";
import { TextField } from "@mui/material";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCompanyZoneHint } from "./CompanyZoneNote";

interface Props<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  testId: string;
  rows?: number;
  select?: boolean;
  inputMode?: "numeric";
  type?: "text" | "number" | "password" | "datetime-local";
  adornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Below the field; a datetime-local one says the company's time zone unless told otherwise. */
  helperText?: string;
  disabled?: boolean;
  /** A number input's bounds and step (the browser's arrows and checks follow them). */
  range?: { min: number; max: number; step: number };
  /** Also given the input element (to insert at its cursor: useInsertAtCursor). */
  textRef?: RefObject<HTMLTextAreaElement | HTMLInputElement | null>;
  children?: ReactNode;
}

export function FormText<V extends FieldValues>(props: Props<V>) {
  const { control, name, label, testId, rows, select, inputMode, type, adornment, endAdornment, children } = props;
  const { t } = useTranslation();
  // A date and time typed here is on the company's clock, which the browser's may not be: say so.
  const zoneHint = useCompanyZoneHint();
  const hint = props.helperText ?? (type === "datetime-local" ? zoneHint : undefined);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          value={value ?? ""}
          inputRef={(el: HTMLTextAreaElement | HTMLInputElement | null) => {
            ref(el);
            if (props.textRef) props.textRef.current = el;
          }}
          label={label}
          type={type}
          disabled={props.disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : hint}
          fullWidth
          margin="dense"
          multiline={rows !== undefined}
          rows={rows}
          select={select}
          slotProps={{
            htmlInput: { "data-testid": testId, inputMode, ...props.range },
            input: adornment || endAdornment ? { startAdornment: adornment, endAdornment } : undefined,
            select: select ? { native: true } : undefined,
            inputLabel: select || type === "datetime-local" ? { shrink: true } : undefined,
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}
