/** The user modal's inputs; selects the signed-in user may not change are not shown (core-platform §6). */
import { useState, type ReactNode } from "react";
import { Box, Chip, MenuItem, TextField, Typography } from "@mui/material";
import type { QueueRef } from "@balcao/contracts";
import { Controller, type Control, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { UserFormValues } from "./userForm";
import type { ConnectionOption } from "./useUserOptions";
import { VisibilityToggle } from "../common/VisibilityToggle";

interface Props {
  control: Control<UserFormValues>;
  /** The signed-in user's own record: asks for the current password, needed to change email or password. */
  self: boolean;
  editProfile: boolean;
  editQueues: boolean;
  queues: QueueRef[];
  connections: ConnectionOption[];
}

/** A text input bound to the form; errors are i18n keys. */
function FormText(props: {
  control: Control<UserFormValues>;
  name: FieldPath<UserFormValues>;
  label: string;
  type?: string;
  autoComplete?: string;
  endAdornment?: ReactNode;
  /** Shown under the input while it has no error. */
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      name={props.name}
      control={props.control}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          label={props.label}
          type={props.type}
          autoComplete={props.autoComplete}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ? t(fieldState.error.message) : (props.hint ?? " ")}
          fullWidth
          slotProps={{
            input: { endAdornment: props.endAdornment },
            htmlInput: { "data-testid": `user-modal-${props.name}` },
          }}
        />
      )}
    />
  );
}

export function UserModalFields({ control, self, editProfile, editQueues, queues, connections }: Props) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const passwordToggle = (
    <VisibilityToggle
      shown={showPassword}
      onToggle={() => setShowPassword((s) => !s)}
      label={t(showPassword ? "userModal.buttons.hidePassword" : "userModal.buttons.showPassword")}
    />
  );
  const queueName = (id: number) => queues.find((q) => q.id === id);
  /** The new and the current password share the show/hide toggle. */
  const passwordText = (name: "password" | "currentPassword", extra: { endAdornment?: ReactNode; hint?: string }) => (
    <FormText
      control={control}
      name={name}
      label={t(`userModal.form.${name}`)}
      type={showPassword ? "text" : "password"}
      autoComplete={name === "password" ? "new-password" : "current-password"}
      {...extra}
    />
  );

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2, rowGap: 0.5 }}>
      <FormText control={control} name="name" label={t("userModal.form.name")} autoComplete="name" />
      {passwordText("password", { endAdornment: passwordToggle })}
      <FormText control={control} name="email" label={t("userModal.form.email")} type="email" autoComplete="email" />
      {self && passwordText("currentPassword", { hint: t("userModal.form.currentPasswordHint") })}
      {editProfile && (
        <Controller
          name="profile"
          control={control}
          render={({ field }) => (
            <TextField
              select
              {...field}
              label={t("userModal.form.profile")}
              fullWidth
              helperText=" "
              data-testid="user-modal-profile"
            >
              <MenuItem value="admin">{t("userModal.form.admin")}</MenuItem>
              <MenuItem value="user">{t("userModal.form.user")}</MenuItem>
              {field.value === "supervisor" && <MenuItem value="supervisor">{t("userModal.form.supervisor")}</MenuItem>}
            </TextField>
          )}
        />
      )}
      {editQueues && (
        <Controller
          name="queueIds"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={t("userModal.form.queues")}
              data-testid="user-modal-queues"
              value={field.value}
              // A multiple select hands over the array of chosen ids, whatever the event's string type says.
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              fullWidth
              helperText={queues.length === 0 ? t("common.noRecords") : " "}
              sx={{ gridColumn: "1 / -1" }}
              slotProps={{
                select: {
                  multiple: true,
                  renderValue: (ids) => (
                    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                      {(ids as number[]).map((id) => {
                        const q = queueName(id);
                        return (
                          <Chip key={id} size="small" label={q?.name ?? id} sx={{ bgcolor: q?.color, color: "#fff" }} />
                        );
                      })}
                    </Box>
                  ),
                },
              }}
            >
              {queues.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {editProfile && (
        <Controller
          name="whatsappId"
          control={control}
          render={({ field }) => (
            <TextField
              select
              {...field}
              label={t("userModal.form.whatsapp")}
              fullWidth
              helperText=" "
              // "None" is a real choice, so it shows instead of an empty box.
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">{t("userModal.form.none")}</MenuItem>
              {connections.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {editProfile && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ gridColumn: "1 / -1", mt: 1, mb: 1.5 }}>
            {t("userModal.form.liberations")}
          </Typography>
          <Controller
            name="allTicket"
            control={control}
            render={({ field }) => (
              <TextField select {...field} label={t("userModal.form.allTicket")} fullWidth helperText=" ">
                <MenuItem value="enabled">{t("userModal.form.allTicketEnabled")}</MenuItem>
                <MenuItem value="desabled">{t("userModal.form.allTicketDisabled")}</MenuItem>
              </TextField>
            )}
          />
        </>
      )}
    </Box>
  );
}
