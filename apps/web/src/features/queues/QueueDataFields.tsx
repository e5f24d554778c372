/** The 'queue data' tab: name, colour, bot order, integration, prompt and the messages (business-areas §2.4). */
import { useState } from "react";
import { Box, IconButton, InputAdornment, TextField } from "@mui/material";
import Palette from "@mui/icons-material/Palette";
import { normaliseColor } from "@balcao/contracts";
import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { ColorPickerDialog } from "./ColorPickerDialog";
import type { QueueFormValues } from "./queueForm";
import type { Lookup } from "./useLookups";

interface Props {
  control: Control<QueueFormValues>;
  /** null: the plan lacks useIntegrations / useOpenAi, and the select is not shown. */
  integrations: Lookup[] | null;
  prompts: Lookup[] | null;
  /** outOfHoursMessage shows only when business hours are kept per queue. */
  perQueueHours: boolean;
}

function ColorField({ control }: { control: Control<QueueFormValues> }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Controller
      name="color"
      control={control}
      render={({ field, fieldState }) => (
        <>
          <TextField
            {...field}
            inputRef={field.ref}
            label={t("queueModal.form.color")}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            fullWidth
            margin="dense"
            slotProps={{
              htmlInput: { "data-testid": "queue-color" },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Box
                      data-testid="queue-color-swatch"
                      sx={{
                        width: 20,
                        height: 20,
                        borderRadius: 0.5,
                        border: 1,
                        borderColor: "divider",
                        bgcolor: normaliseColor(field.value) ?? "transparent",
                      }}
                    />
                  </InputAdornment>
                ),
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      onClick={() => setPicking(true)}
                      aria-label={t("colorPicker.open")}
                      title={t("colorPicker.open")}
                      data-testid="queue-color-pick"
                      edge="end"
                    >
                      <Palette />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <ColorPickerDialog
            open={picking}
            value={field.value}
            onClose={() => setPicking(false)}
            onPick={(color) => {
              field.onChange(color);
              setPicking(false);
            }}
          />
        </>
      )}
    />
  );
}

function LookupOptions({ items }: { items: Lookup[] }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t("queueModal.form.none")}</option>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.name}
        </option>
      ))}
    </>
  );
}

export function QueueDataFields({ control, integrations, prompts, perQueueHours }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr 1fr" }, columnGap: 2 }}>
      <FormText control={control} name="name" label={t("queueModal.form.name")} testId="queue-name" />
      <ColorField control={control} />
      <FormText
        control={control}
        name="orderQueue"
        label={t("queueModal.form.orderQueue")}
        testId="queue-order"
        inputMode="numeric"
      />
      <Box
        sx={{ gridColumn: "1 / -1", display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}
      >
        {integrations && (
          <FormText
            control={control}
            name="integrationId"
            label={t("queueModal.form.integrationId")}
            testId="queue-integration"
            select
          >
            <LookupOptions items={integrations} />
          </FormText>
        )}
        {prompts && (
          <FormText control={control} name="promptId" label={t("queueModal.form.prompt")} testId="queue-prompt" select>
            <LookupOptions items={prompts} />
          </FormText>
        )}
      </Box>
      <Box sx={{ gridColumn: "1 / -1" }}>
        <FormText
          control={control}
          name="greetingMessage"
          label={t("queueModal.form.greetingMessage")}
          testId="queue-greeting"
          rows={5}
        />
        {perQueueHours && (
          <FormText
            control={control}
            name="outOfHoursMessage"
            label={t("queueModal.form.outOfHoursMessage")}
            testId="queue-out-of-hours"
            rows={5}
          />
        )}
      </Box>
    </Box>
  );
}
