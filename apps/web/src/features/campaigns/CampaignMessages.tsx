/**
 * The campaign's message variants (business-areas §2.11): tabs 'Msg. 1' to
 * 'Msg. 5', and with confirmation on a second row 'Confirmação 1' to '5';
 * under each a helper text naming the variables, written between single
 * braces, and chips that insert one at the cursor.
 */
import { useState } from "react";
import { Box, Chip, Tab, Tabs, Typography } from "@mui/material";
import {
  campaignBuiltInVariables,
  campaignConfirmationFields,
  campaignMessageFields,
  type CampaignVariable,
} from "@balcao/contracts";
import type { Control, UseFormGetValues, UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { useInsertAtCursor } from "../common/useInsertAtCursor";
import { braced, type CampaignFormValues, type CampaignTextField } from "./campaignForm";

interface Props {
  control: Control<CampaignFormValues>;
  getValues: UseFormGetValues<CampaignFormValues>;
  setValue: UseFormSetValue<CampaignFormValues>;
  disabled: boolean;
  variables: CampaignVariable[];
}

interface RowProps extends Props {
  fields: readonly CampaignTextField[];
  /** i18n key of a tab's label, given {{n}}. */
  tabKey: string;
  testId: string;
}

function VariableChips({ keys, onPick, testId }: { keys: string[]; onPick: (v: string) => void; testId: string }) {
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", mt: 0.5 }}>
      {keys.map((key) => (
        <Chip
          key={key}
          size="small"
          variant="outlined"
          label={braced(key)}
          onClick={() => onPick(braced(key))}
          data-testid={`${testId}-variable-${key}`}
        />
      ))}
    </Box>
  );
}

function MessageTabs({ control, getValues, setValue, disabled, variables, fields, tabKey, testId }: RowProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const field = fields[tab] ?? fields[0]!;
  const text = useInsertAtCursor(
    () => getValues(field),
    (value) => setValue(field, value, { shouldDirty: true }),
  );
  const keys = [...campaignBuiltInVariables, ...variables.map((v) => v.key)];
  return (
    <Box sx={{ mt: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, value: number) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40 }}
      >
        {fields.map((f, i) => (
          <Tab
            key={f}
            value={i}
            label={t(tabKey, { n: i + 1 })}
            sx={{ minHeight: 40, textTransform: "none" }}
            data-testid={`${testId}-tab-${i + 1}`}
          />
        ))}
      </Tabs>
      <FormText
        key={field}
        control={control}
        name={field}
        label={t(tabKey, { n: tab + 1 })}
        rows={5}
        disabled={disabled}
        textRef={text.ref}
        testId={`campaign-${field}`}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        {t("campaigns.dialog.form.variablesHelp", { variables: keys.map(braced).join(", ") })}
      </Typography>
      {!disabled && <VariableChips keys={keys} onPick={text.insert} testId={testId} />}
    </Box>
  );
}

export function CampaignMessages(props: Props & { confirmation: boolean }) {
  return (
    <>
      <MessageTabs
        {...props}
        fields={campaignMessageFields}
        tabKey="campaigns.dialog.tabs.message"
        testId="campaign-message"
      />
      {props.confirmation && (
        <MessageTabs
          {...props}
          fields={campaignConfirmationFields}
          tabKey="campaigns.dialog.tabs.confirmation"
          testId="campaign-confirmation"
        />
      )}
    </>
  );
}
