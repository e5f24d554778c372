/**
 * Add or edit a queue integration (automation-areas §2 "Queue integration
 * dialog", §5, §9): the type select and the type's fields; Dialogflow's
 * "test" (POST /queueIntegration/testSession); for n8n and webhooks, once
 * saved, the signing secret (copy, regenerate) and the delivery log.
 */
import { Alert, Box, Button } from "@mui/material";
import type { QueueIntegrationDto } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch, type UseFormGetValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { FormDialog, useRecordForm, useSaveRecord } from "../common/FormDialog";
import { DeliveryLog } from "./DeliveryLog";
import { IntegrationFields } from "./IntegrationFields";
import {
  deliversWebhooks,
  emptyIntegrationForm,
  integrationFormSchema,
  toIntegrationBody,
  toIntegrationForm,
  type IntegrationFormValues,
} from "./integrationForm";
import { SigningSecret } from "./SigningSecret";
import { integrationSaved } from "./useQueueIntegrations";

interface Props {
  /** The integration to edit; absent to add one. */
  integrationId?: number;
  onClose: () => void;
}

const k = (key: string) => `queueIntegrationModal.${key}`;

/** Dialogflow's test: the session as typed; a saved integration's id lets a masked key stand for the stored one. */
function useTestSession(integrationId: number | undefined, getValues: UseFormGetValues<IntegrationFormValues>) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => {
      const { projectName, jsonContent, language } = getValues();
      return api.post("/queueIntegration/testSession", {
        projectName,
        jsonContent,
        language,
        id: integrationId ?? null,
      });
    },
    onSuccess: () => toast.success(t(k("messages.testSuccess"))),
    onError: toastError,
  });
}

export function QueueIntegrationModal({ integrationId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const adding = integrationId === undefined;
  const record = useQuery({
    queryKey: ["queueIntegration", "record", integrationId],
    queryFn: () => api.get<QueueIntegrationDto>(`/queueIntegration/${integrationId}`),
    enabled: !adding,
    retry: false,
    gcTime: 0,
  });
  const { control, handleSubmit, reset, getValues } = useForm<IntegrationFormValues>({
    resolver: zodResolver(integrationFormSchema),
    defaultValues: emptyIntegrationForm(),
    mode: "onTouched",
  });
  const type = useWatch({ control, name: "type" });
  useRecordForm({
    record: record.data,
    toForm: toIntegrationForm,
    reset,
    failed: record.isError,
    error: record.error,
    onClose,
  });
  const save = useSaveRecord({
    path: "/queueIntegration",
    id: integrationId,
    toBody: toIntegrationBody,
    successText: t(k(adding ? "messages.addSuccess" : "messages.editSuccess")),
    onSaved: (saved: QueueIntegrationDto) => integrationSaved(queryClient, saved),
    onClose,
  });
  const test = useTestSession(integrationId, getValues);
  const webhooks = deliversWebhooks(type);

  return (
    <FormDialog
      adding={adding}
      i18nKey="queueIntegrationModal"
      maxWidth={webhooks && !adding ? "lg" : "md"}
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={!adding && !record.data}
      testIds={{ dialog: "integration-modal", cancel: "integration-cancel", submit: "integration-save" }}
      extraActions={
        type === "dialogflow" && (
          <Button
            variant="outlined"
            onClick={() => test.mutate()}
            loading={test.isPending}
            data-testid="integration-test"
            sx={{ mr: "auto" }}
          >
            {t(k("buttons.test"))}
          </Button>
        )
      }
    >
      <IntegrationFields control={control} type={type} />
      {webhooks && record.data && (
        <Box sx={{ mt: 1 }}>
          <SigningSecret integrationId={record.data.id} secret={record.data.signingSecret} />
          <DeliveryLog integrationId={record.data.id} />
        </Box>
      )}
      {webhooks && adding && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="integration-secret-later">
          {t(k("secret.afterSave"))}
        </Alert>
      )}
    </FormDialog>
  );
}
