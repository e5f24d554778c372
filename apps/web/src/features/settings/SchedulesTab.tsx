/**
 * The Schedules tab (core-platform §2.18): the company's business hours, one
 * row per weekday, used when the option scheduleType is "company". Saved with
 * PUT /companies/{id}/schedules; the rows are the queue modal's hours editor.
 */
import { Box, CircularProgress, Typography } from "@mui/material";
import type { CompanyDto, WeekdayHours } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { planQueryKey } from "../layout/usePlan";
import { QueueHoursTab } from "../queues/QueueHoursTab";
import { useOwnCompany } from "../subscription/useOwnCompany";

export function SchedulesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const company = useOwnCompany();
  const save = useMutation({
    mutationFn: (schedules: WeekdayHours[]) =>
      api.put<CompanyDto>(`/companies/${company.data?.id}/schedules`, { id: company.data?.id, schedules }),
    onSuccess: (saved) => {
      queryClient.setQueryData(planQueryKey(saved.id), saved);
      toast.success(t("settings.schedulesUpdated"));
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
    </Box>
  );
}
