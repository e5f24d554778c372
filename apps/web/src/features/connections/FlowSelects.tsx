/**
 * The connection dialog's two flow selects (issue 18 item 5), shown when the
 * chosen integration is a flowbuilder one: the welcome flow (a contact's first
 * message ever → flowIdWelcome) and the default flow (a new ticket whose first
 * message matches no phrase → flowIdNotPhrase). Flows come from GET /flowbuilder
 * without pageNumber.
 */
import { Box } from "@mui/material";
import { useWatch, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormText } from "../common/FormText";
import { useFlowOptions } from "../flows/useFlows";
import type { Lookup } from "../queues/useLookups";
import { usesFlowbuilder, type ConnectionFormValues } from "./connectionForm";

const k = (key: string) => `whatsappModal.form.${key}`;
const twoColumns = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 } as const;

interface Props {
  control: Control<ConnectionFormValues>;
  integrations: Lookup[] | null;
}

export function FlowSelects({ control, integrations }: Props) {
  const { t } = useTranslation();
  const integrationId = useWatch({ control, name: "integrationId" });
  const shown = usesFlowbuilder(integrationId, integrations);
  const flows = useFlowOptions(shown).data ?? [];
  if (!shown) return null;
  return (
    <Box sx={twoColumns} data-testid="connection-flows">
      {(["flowIdWelcome", "flowIdNotPhrase"] as const).map((name) => (
        <FormText
          key={name}
          control={control}
          name={name}
          label={t(k(name))}
          helperText={t(k(`${name}Help`))}
          testId={`connection-${name}`}
          select
        >
          <option value="">{t(k("none"))}</option>
          {flows.map((flow) => (
            <option key={flow.id} value={String(flow.id)}>
              {flow.name}
            </option>
          ))}
        </FormText>
      ))}
    </Box>
  );
}
