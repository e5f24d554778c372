/**
 * The flow name dialog (automation-areas §2): "Adicionar Fluxo" to add a
 * flow, "Editar Fluxo" to rename one; the §5 name rules.
 */
import type { FlowSummary } from "@balcao/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../common/FormDialog";
import { FormText } from "../common/FormText";
import { flowNameFormSchema, type FlowNameFormValues } from "./flowForm";
import { useSaveFlowName } from "./useFlows";

interface Props {
  /** The flow to rename; absent to add one. */
  flow?: FlowSummary;
  onClose: () => void;
}

export function FlowNameModal({ flow, onClose }: Props) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<FlowNameFormValues>({
    resolver: zodResolver(flowNameFormSchema),
    defaultValues: { name: flow?.name ?? "" },
    mode: "onTouched",
  });
  const save = useSaveFlowName(flow, onClose);
  return (
    <FormDialog
      adding={!flow}
      i18nKey="flows.nameModal"
      maxWidth="xs"
      onClose={onClose}
      handleSubmit={handleSubmit}
      save={save}
      loading={false}
      testIds={{ dialog: "flow-name-modal", cancel: "flow-name-cancel", submit: "flow-name-save" }}
    >
      <FormText control={control} name="name" label={t("flows.nameModal.name")} testId="flow-name" />
    </FormDialog>
  );
}
