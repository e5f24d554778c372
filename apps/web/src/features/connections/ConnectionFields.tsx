/** The connection modal's tabs of fields (core-platform §2.17), all bound to one form. */
import { Box, Chip, FormControlLabel, IconButton, InputAdornment, MenuItem, Switch, TextField } from "@mui/material";
import Autorenew from "@mui/icons-material/Autorenew";
import type { GeneratedToken, QueueDto } from "@balcao/contracts";
import { Controller, useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { CopyButton } from "../common/CopyField";
import { FormText } from "../common/FormText";
import type { Lookup } from "../queues/useLookups";
import { generateToken, type ConnectionFormValues } from "./connectionForm";
import { FlowSelects } from "./FlowSelects";

interface FieldsProps {
  control: Control<ConnectionFormValues>;
}

type SetterProps = FieldsProps & { setValue: UseFormSetValue<ConnectionFormValues> };

const k = (key: string) => `whatsappModal.form.${key}`;
const twoColumns = { display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 } as const;

/** A native select of ids with a "none" first option. */
function IdOptions({ items }: { items: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{t(k("none"))}</option>
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.name}
        </option>
      ))}
    </>
  );
}

/** The external API token comes from the server (issue 29 item 8): 32 random bytes, never typed short. */
async function serverToken(): Promise<string> {
  return (await api.post<GeneratedToken>("/whatsapp/token")).token;
}

/**
 * A secret the user may type or have generated, and copies to paste elsewhere (the external API token into
 * n8n and the like, the webhook verify token into Meta: issue 30 item 4).
 */
export function GeneratedField({
  control,
  setValue,
  name,
  helperText,
  testId,
}: SetterProps & { name: "token" | "cloudVerifyToken"; helperText: string; testId: string }) {
  const { t } = useTranslation();
  const value = useWatch({ control, name });
  const generate = async () => {
    try {
      const fresh = name === "token" ? await serverToken() : generateToken();
      setValue(name, fresh, { shouldDirty: true, shouldValidate: true });
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <FormText
      control={control}
      name={name}
      label={t(k(name))}
      testId={testId}
      helperText={helperText}
      endAdornment={
        <InputAdornment position="end">
          <CopyButton value={value} testId={`${testId}-copy`} />
          <IconButton
            edge="end"
            onClick={() => void generate()}
            aria-label={t(k("generateToken"))}
            title={t(k("generateToken"))}
            data-testid={`${testId}-generate`}
          >
            <Autorenew />
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

export function GeneralFields({
  control,
  setValue,
}: FieldsProps & { setValue: UseFormSetValue<ConnectionFormValues> }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Box sx={{ flex: "1 1 260px" }}>
          <FormText control={control} name="name" label={t(k("name"))} testId="connection-name" />
        </Box>
        <Controller
          name="isDefault"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label={t(k("default"))}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { "data-testid": "connection-default" } as object }}
                />
              }
            />
          )}
        />
      </Box>
      <GeneratedField
        control={control}
        setValue={setValue}
        name="token"
        helperText={t(k("tokenHelp"))}
        testId="connection-token"
      />
    </Box>
  );
}

export function MessageFields({ control }: FieldsProps) {
  const { t } = useTranslation();
  const messages = ["greetingMessage", "complationMessage", "outOfHoursMessage", "ratingMessage"] as const;
  return (
    <Box>
      {messages.map((name) => (
        <FormText key={name} control={control} name={name} label={t(k(name))} testId={`connection-${name}`} rows={3} />
      ))}
    </Box>
  );
}

interface QueueFieldsProps extends FieldsProps {
  queues: QueueDto[];
  /** null: the plan lacks useOpenAi / useIntegrations, and the select is not shown. */
  prompts: Lookup[] | null;
  integrations: Lookup[] | null;
}

function QueuesSelect({ control, queues }: FieldsProps & { queues: QueueDto[] }) {
  const { t } = useTranslation();
  const queueOf = (id: number) => queues.find((q) => q.id === id);
  return (
    <Controller
      name="queueIds"
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={t(k("queues"))}
          value={field.value}
          // A multiple select hands over the array of chosen ids, whatever the event's string type says.
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          fullWidth
          margin="dense"
          helperText={queues.length === 0 ? t("common.noRecords") : t(k("queuesHelp"))}
          data-testid="connection-queues"
          slotProps={{
            select: {
              multiple: true,
              renderValue: (ids) => (
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                  {(ids as number[]).map((id) => (
                    <Chip
                      key={id}
                      size="small"
                      label={queueOf(id)?.name ?? id}
                      sx={{ bgcolor: queueOf(id)?.color, color: "#fff" }}
                    />
                  ))}
                </Box>
              ),
            },
          }}
        >
          {queues.map((q) => (
            <MenuItem key={q.id} value={q.id} data-testid={`connection-queue-option-${q.id}`}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

type IdField = "promptId" | "integrationId" | "sendIdQueue" | "transferQueueId";
type CountField = "timeSendQueue" | "timeUseBotQueues" | "maxUseBotQueues" | "timeToTransfer" | "expiresTicket";

/** A select of ids (queue, prompt, integration) with "none" first. */
function IdSelect({ control, name, items }: FieldsProps & { name: IdField; items: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <FormText control={control} name={name} label={t(k(name))} testId={`connection-${name}`} select>
      <IdOptions items={items} />
    </FormText>
  );
}

/** Minutes or a count, typed as digits. */
function CountFields({ control, names }: FieldsProps & { names: CountField[] }) {
  const { t } = useTranslation();
  return names.map((name) => (
    <FormText
      key={name}
      control={control}
      name={name}
      label={t(k(name))}
      testId={`connection-${name}`}
      inputMode="numeric"
    />
  ));
}

export function QueueFields({ control, queues, prompts, integrations }: QueueFieldsProps) {
  return (
    <Box>
      <QueuesSelect control={control} queues={queues} />
      <Box sx={twoColumns}>
        {prompts && <IdSelect control={control} name="promptId" items={prompts} />}
        {integrations && <IdSelect control={control} name="integrationId" items={integrations} />}
        <IdSelect control={control} name="sendIdQueue" items={queues} />
        <CountFields control={control} names={["timeSendQueue", "timeUseBotQueues", "maxUseBotQueues"]} />
      </Box>
      <FlowSelects control={control} integrations={integrations} />
    </Box>
  );
}

export function TransferFields({ control, queues }: FieldsProps & { queues: QueueDto[] }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={twoColumns}>
        <IdSelect control={control} name="transferQueueId" items={queues} />
        <CountFields control={control} names={["timeToTransfer", "expiresTicket"]} />
      </Box>
      <FormText
        control={control}
        name="expiresInactiveMessage"
        label={t(k("expiresInactiveMessage"))}
        testId="connection-expiresInactiveMessage"
        rows={3}
      />
    </Box>
  );
}
