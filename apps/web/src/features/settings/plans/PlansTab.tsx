/** The Plans tab (super users, core-platform §2.18): the plan form and the list of plans. */
import { Box, Chip } from "@mui/material";
import { planFlags, type PlanDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { formatBrl } from "../../common/money";
import { AdminSection } from "../AdminSection";
import type { Column } from "../AdminTable";
import { formatBytes } from "../storage-usage";
import { useAdminRecords } from "../useAdminRecords";
import { PlanForm } from "./PlanForm";

function useColumns(): Column<PlanDto>[] {
  const { t, i18n } = useTranslation();
  return [
    { label: t("plans.table.name"), render: (p) => p.name },
    { label: t("plans.table.users"), render: (p) => p.users, align: "center" },
    { label: t("plans.table.connections"), render: (p) => p.connections, align: "center" },
    { label: t("plans.table.queues"), render: (p) => p.queues, align: "center" },
    {
      label: t("plans.table.storage"),
      render: (p) => formatBytes(p.storageMb * 1024 * 1024, i18n.language),
      align: "center",
    },
    { label: t("plans.table.value"), render: (p) => formatBrl(p.value), align: "right" },
    {
      label: t("plans.form.features"),
      render: (p) => (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, minWidth: 260 }}>
          {planFlags.map((flag) => (
            <Chip
              key={flag}
              size="small"
              label={t(`plans.features.${flag}`)}
              color={p[flag] ? "primary" : "default"}
              variant={p[flag] ? "filled" : "outlined"}
              sx={p[flag] ? undefined : { textDecoration: "line-through", opacity: 0.6 }}
              data-on={p[flag]}
            />
          ))}
        </Box>
      ),
      wrap: true,
    },
  ];
}

export function PlansTab() {
  const plans = useAdminRecords<PlanDto>({ basePath: "/plans", listPath: "/plans/all", scope: "plans" });
  return (
    <AdminSection
      records={plans}
      scope="plans"
      columns={useColumns()}
      testId="plan"
      form={(slot) => (
        <PlanForm
          editing={slot.editing}
          saving={slot.saving}
          onSave={(body) => slot.save(body)}
          onDelete={slot.askDelete}
          onClear={slot.clear}
        />
      )}
    />
  );
}
