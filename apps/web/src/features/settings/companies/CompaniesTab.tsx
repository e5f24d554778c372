/**
 * The Companies tab (super users, core-platform §2.18): the company form and
 * the list of every company, rows coloured by days to the due date; each
 * company's invoices open from its row (issue 14 item 1).
 */
import { useState } from "react";
import { Chip, IconButton } from "@mui/material";
import ReceiptLong from "@mui/icons-material/ReceiptLong";
import { alpha } from "@mui/material/styles";
import type { CompanyDto, PlanDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { CompanyInvoicesDialog } from "../../financeiro/CompanyInvoicesDialog";
import { formatDueDate } from "../../layout/subscription";
import { AdminSection } from "../AdminSection";
import type { Column } from "../AdminTable";
import { useAdminRecords } from "../useAdminRecords";
import { StorageUsage } from "../StorageUsage";
import { CompanyForm, isNameTaken } from "./CompanyForm";
import { dueDateBand, type DueDateBand } from "./dueDateBand";

const bandColour: Record<DueDateBand, string> = { yellow: "#ffeb3b", orange: "#ff9800", red: "#f44336" };

function useColumns(onInvoices: (company: CompanyDto) => void): Column<CompanyDto>[] {
  const { t } = useTranslation();
  const onOff = (on: boolean) => (on ? t("settings.options.values.enabled") : t("settings.options.values.disabled"));
  return [
    { label: t("settings.company.table.name"), render: (c) => c.name },
    { label: t("settings.company.table.email"), render: (c) => c.email },
    { label: t("settings.company.table.plan"), render: (c) => c.plan?.name ?? "" },
    {
      label: t("settings.company.table.storage"),
      render: (c) => (
        <StorageUsage usedBytes={c.storageUsedBytes} limitMb={c.plan?.storageMb ?? null} testId="company-storage" />
      ),
    },
    { label: t("settings.company.table.campaigns"), render: (c) => onOff(c.campaignsEnabled) },
    {
      label: t("settings.company.table.status"),
      render: (c) => (
        <>
          <Chip
            size="small"
            color={c.status ? "success" : "default"}
            label={c.status ? t("settings.company.status.active") : t("settings.company.status.inactive")}
          />
          {c.pausedWork > 0 && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              sx={{ ml: 0.5 }}
              data-testid={`company-paused-${c.id}`}
              label={t("settings.company.status.paused", { count: c.pausedWork })}
            />
          )}
        </>
      ),
    },
    { label: t("settings.company.table.dueDate"), render: (c) => (c.dueDate ? formatDueDate(c.dueDate) : "") },
    { label: t("settings.company.table.recurrence"), render: (c) => t(`settings.company.recurrences.${c.recurrence}`) },
    {
      label: t("settings.company.table.invoices"),
      align: "center",
      render: (c) => (
        <IconButton
          size="small"
          onClick={() => onInvoices(c)}
          aria-label={t("settings.company.table.invoices")}
          data-testid="company-invoices-open"
        >
          <ReceiptLong fontSize="small" />
        </IconButton>
      ),
    },
  ];
}

function bandRow(company: CompanyDto) {
  const band = dueDateBand(company.dueDate);
  return { "data-band": band ?? undefined, sx: band ? { bgcolor: alpha(bandColour[band], 0.35) } : undefined };
}

export function CompaniesTab() {
  const companies = useAdminRecords<CompanyDto>({
    basePath: "/companies",
    listPath: "/companies/list",
    scope: "settings.company",
  });
  const plans = useAdminRecords<PlanDto>({ basePath: "/plans", listPath: "/plans/all", scope: "plans" });
  const [invoicesOf, setInvoicesOf] = useState<CompanyDto | null>(null);
  const columns = useColumns(setInvoicesOf);
  return (
    <>
      {invoicesOf && <CompanyInvoicesDialog company={invoicesOf} onClose={() => setInvoicesOf(null)} />}
      <AdminSection
        records={companies}
        scope="settings.company"
        columns={columns}
        testId="company"
        rowProps={bandRow}
        form={(slot) => (
          <CompanyForm
            editing={slot.editing}
            companies={companies.rows}
            plans={plans.rows}
            saving={slot.saving}
            onSave={(body, onNameTaken) => slot.save(body, (err) => isNameTaken(err) && onNameTaken())}
            onDelete={slot.askDelete}
            onClear={slot.clear}
          />
        )}
      />
    </>
  );
}
