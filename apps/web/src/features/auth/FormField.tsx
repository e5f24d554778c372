/**
 * MUI text fields bound to react-hook-form. Error messages are i18n keys
 * (see auth-schemas.ts) translated at render time. The test id sits on the
 * real <input>/<select> so Playwright's fill() and selectOption() reach it.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { IconButton, InputAdornment, TextField } from "@mui/material";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";

export interface FormFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  testId: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Rewrites what the user typed before it is stored (the phone mask). */
  transform?: (value: string) => string;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  endAdornment?: ReactNode;
  /** A native <select>: robust on phones and for the browser tests. */
  select?: boolean;
  children?: ReactNode;
}

export function FormField<T extends FieldValues, TOut>(props: FormFieldProps<T, TOut>) {
  const { control, name, label, testId, transform, htmlInput, endAdornment, select, children, ...rest } = props;
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          name={field.name}
          value={field.value ?? ""}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : rest.helperText}
          select={select}
          fullWidth
          margin="dense"
          slotProps={{
            htmlInput: { ...htmlInput, "data-testid": testId },
            input: endAdornment ? { endAdornment } : undefined,
            select: select ? { native: true } : undefined,
            inputLabel: select ? { shrink: true } : undefined,
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}

/** A password field with the show/hide toggle of §2.6. */
export function PasswordField<T extends FieldValues, TOut>(
  props: Omit<FormFieldProps<T, TOut>, "type" | "endAdornment" | "select" | "children">,
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t("login.hidePassword") : t("login.showPassword");
  return (
    <FormField
      {...props}
      type={visible ? "text" : "password"}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={toggleLabel}
            title={toggleLabel}
            onClick={() => setVisible((v) => !v)}
            // Keep the caret in the field while toggling.
            onMouseDown={(e) => e.preventDefault()}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
