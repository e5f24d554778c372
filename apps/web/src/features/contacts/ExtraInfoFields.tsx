/** The contact's extra information: a dynamic list of (name, value) pairs with add and remove. */
import { Box, Button, IconButton, Typography } from "@mui/material";
import AddCircleOutline from "@mui/icons-material/AddCircleOutlineOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { contactLimits } from "@balcao/contracts";
import { useFieldArray, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../auth/FormField";
import type { ContactFormValues } from "./contactForm";

export function ExtraInfoFields({ control }: { control: Control<ContactFormValues> }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: "extraInfo" });
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {t("contactModal.form.extraInfo")}
      </Typography>
      {fields.map((item, index) => (
        <Box
          key={item.id}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}
          data-testid={`extra-info-${index}`}
        >
          <FormField
            control={control}
            name={`extraInfo.${index}.name`}
            label={t("contactModal.form.extraName")}
            testId={`extra-info-name-${index}`}
          />
          <FormField
            control={control}
            name={`extraInfo.${index}.value`}
            label={t("contactModal.form.extraValue")}
            testId={`extra-info-value-${index}`}
          />
          <IconButton
            onClick={() => remove(index)}
            aria-label={t("contactModal.buttons.removeExtra")}
            data-testid={`extra-info-remove-${index}`}
            sx={{ mt: 2 }}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddCircleOutline />}
        onClick={() => append({ name: "", value: "" })}
        disabled={fields.length >= contactLimits.extraInfoMax}
        data-testid="extra-info-add"
        sx={{ mt: 1 }}
      >
        {t("contactModal.buttons.addExtraInfo")}
      </Button>
    </Box>
  );
}
