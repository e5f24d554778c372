/**
 * The dialog's fields for the chosen type (automation-areas §2 table): name
 * always; Dialogflow's language, project and service-account JSON; the URL of
 * n8n and webhooks; Typebot's URL, slug, timings, keywords and messages.
 */
import { Box } from "@mui/material";
import {
  queueIntegrationLanguageOptions,
  queueIntegrationTypeOptions,
  type QueueIntegrationType,
} from "@balcao/contracts";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { fieldsByType, type IntegrationField, type IntegrationFormValues } from "./integrationForm";

const f = (key: string) => `queueIntegrationModal.form.${key}`;
const pair = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 };

/** Multiline fields and their rows. */
const rows: Partial<Record<IntegrationField, number>> = {
  jsonContent: 5,
  typebotUnknownMessage: 2,
  typebotRestartMessage: 2,
};
const numeric: IntegrationField[] = ["typebotExpires", "typebotDelayMessage"];
/** Fields that sit two to a row. */
const paired: IntegrationField[] = [
  "typebotExpires",
  "typebotDelayMessage",
  "typebotKeywordFinish",
  "typebotKeywordRestart",
];

interface FieldProps {
  control: Control<IntegrationFormValues>;
  name: IntegrationField;
  type: QueueIntegrationType;
}

/** The URL's help says what it is for this type: Typebot's viewer, or where deliveries go. */
const urlHelp = (type: QueueIntegrationType) => f(type === "typebot" ? "urlTypebotHelp" : "urlN8NHelp");

function Field({ control, name, type }: FieldProps) {
  const { t } = useTranslation();
  if (name === "language") {
    return (
      <FormText control={control} name="language" label={t(f("language"))} testId="integration-language" select>
        {queueIntegrationLanguageOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </FormText>
    );
  }
  return (
    <FormText
      control={control}
      name={name}
      label={t(f(name))}
      helperText={name === "urlN8N" ? t(urlHelp(type)) : undefined}
      testId={`integration-${name}`}
      rows={rows[name]}
      inputMode={numeric.includes(name) ? "numeric" : undefined}
    />
  );
}

export function IntegrationFields(props: { control: Control<IntegrationFormValues>; type: QueueIntegrationType }) {
  const { control, type } = props;
  const { t } = useTranslation();
  // Runs of paired fields sit two to a row, the others one to a row, in the §2 order.
  const groups: IntegrationField[][] = [];
  for (const name of fieldsByType[type]) {
    const last = groups.at(-1);
    if (last && paired.includes(name) && paired.includes(last[0]!)) last.push(name);
    else groups.push([name]);
  }
  return (
    <>
      <Box sx={pair}>
        <FormText control={control} name="type" label={t(f("type"))} testId="integration-type" select>
          {queueIntegrationTypeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </FormText>
        <FormText control={control} name="name" label={t(f("name"))} testId="integration-name" />
      </Box>
      {groups.map((group) =>
        group.length === 1 && !paired.includes(group[0]!) ? (
          <Field key={group[0]} control={control} name={group[0]!} type={type} />
        ) : (
          <Box key={group[0]} sx={pair}>
            {group.map((name) => (
              <Field key={name} control={control} name={name} type={type} />
            ))}
          </Box>
        ),
      )}
    </>
  );
}
