/** The queue field of the new-ticket and transfer modals: a coloured select whose "required" message clears on choosing. */
import { useCallback, useState } from "react";
import type { QueueRef } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { DotSelect } from "./DotSelect";

export function useQueueChoice() {
  const [queueId, setQueueId] = useState<number | "">("");
  const [error, setError] = useState("");
  const choose = useCallback((id: number | "") => {
    setQueueId(id);
    setError("");
  }, []);
  /** True (and the message shown) when no queue is chosen. */
  const missing = (message: string) => {
    if (queueId !== "") return false;
    setError(message);
    return true;
  };
  return { queueId, choose, error, missing };
}

type Choice = ReturnType<typeof useQueueChoice>;

export function QueueSelect({ choice, queues, testId }: { choice: Choice; queues: QueueRef[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <DotSelect
      label={t("newTicketModal.fieldQueue")}
      options={queues}
      value={choice.queueId}
      onChange={choice.choose}
      emptyLabel={t("newTicketModal.noQueue")}
      error={choice.error}
      testId={testId}
    />
  );
}
