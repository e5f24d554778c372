/**
 * The Schedules tab (core-platform §2.18): the company's business hours, one
 * row per weekday, used when the option scheduleType is "company". Saved with
 * PUT /companies/{id}/schedules; the rows are the queue modal's hours editor.
 * Outside these hours each connection answers with its own out-of-hours
 * message: once saved, the tab names the connections without one (their
 * customers would get no answer at all) and fills in the default message on
 * them with one click (issue 30 item 12).
 */
import { useState } from "react";
import { Box, CircularProgress, Typography } from "@mui/material";
import type { CompanyDto, WeekdayHours, WhatsappDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { upsertConnection } from "../connections/connectionList";
import { setConnections, useConnections } from "../connections/useConnections";
import { planQueryKey } from "../layout/usePlan";
import { OutOfHoursWarning } from "../queues/OutOfHoursWarning";
import { QueueHoursTab } from "../queues/QueueHoursTab";
import { useOwnCompany } from "../subscription/useOwnCompany";

/** The company's connections that would say nothing outside business hours, and the one click that fixes them. */
function useSilentConnections() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const silent = (useConnections().data ?? []).filter((c) => c.outOfHoursMessage.trim() === "");
  const fill = useMutation({
    // Only the message changes: a save leaves out what it does not send, and a running session carries on.
    mutationFn: (message: string) =>
      Promise.all(
        silent.map((c) => api.put<WhatsappDto>(`/whatsapp/${c.id}`, { name: c.name, outOfHoursMessage: message })),
      ),
    onSuccess: (saved) => {
      for (const connection of saved) setConnections(queryClient, (list) => upsertConnection(list, connection));
      toast.success(t("settings.schedules.defaultMessageSaved"));
    },
    onError: toastError,
  });
  return { silent, fill };
}

export function SchedulesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = useOwnCompany();
  const [saved, setSaved] = useState(false);
  const { silent, fill } = useSilentConnections();
  const save = useMutation({
    mutationFn: (schedules: WeekdayHours[]) =>
      api.put<CompanyDto>(`/companies/${company.data?.id}/schedules`, { id: company.data?.id, schedules }),
    onSuccess: (company) => {
      queryClient.setQueryData(planQueryKey(company.id), company);
      toast.success(t("settings.schedulesUpdated"));
      setSaved(true);
    },
    onError: toastError,
  });

  if (!company.data) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Box data-testid="settings-schedules" sx={{ maxWidth: 640 }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t("settings.schedules.hint")}
      </Typography>
      {/* Started again only when the stored hours change (a save, another admin's): a refetch of the same
          company (the page's storage usage reads it too) must not wipe what is being typed. */}
      <QueueHoursTab
        key={JSON.stringify(company.data.schedules)}
        value={company.data.schedules}
        onSave={(hours) => save.mutate(hours)}
      />
      {saved && silent.length > 0 && (
        <OutOfHoursWarning
          text={t("settings.schedules.connectionsWithoutMessage", { names: silent.map((c) => c.name).join(", ") })}
          useDefaultLabel={t("settings.schedules.useDefaultMessage")}
          onUseDefault={(message) => fill.mutate(message)}
          busy={fill.isPending}
          testId="settings-out-of-hours-warning"
        />
      )}
    </Box>
  );
}
