/**
 * One invoice (core-platform §2.19, §4.6): overdue unpaid rows highlighted;
 * PAY for an unpaid one, PAID for a paid one, nothing to do for one a due
 * date change cancelled (its chip says why). Without `onPay` the row is read
 * only (a super user looking at another company's invoices): no action cell.
 */
import { alpha, Button, Chip, TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDueDate } from "../layout/subscription";
import type { InvoiceDto as Invoice } from "@balcao/contracts";
import { formatBrl } from "../common/money";
import { displayStatus, type InvoiceDisplayStatus } from "./invoiceRules";

const chipColor: Record<InvoiceDisplayStatus, "success" | "error" | "info" | "default"> = {
  paid: "success",
  expired: "error",
  open: "info",
  cancelled: "default",
};

function Action({ status, onPay }: { status: InvoiceDisplayStatus; onPay: () => void }) {
  const { t } = useTranslation();
  if (status === "cancelled") return null;
  return status === "paid" ? (
    <Button size="small" variant="outlined" color="success" disabled data-testid="invoice-paid">
      {t("financeiro.buttons.paid")}
    </Button>
  ) : (
    <Button size="small" variant="contained" onClick={onPay} data-testid="invoice-pay">
      {t("financeiro.buttons.pay")}
    </Button>
  );
}

export function InvoiceRow({ invoice, onPay }: { invoice: Invoice; onPay?: () => void }) {
  const { t } = useTranslation();
  const status = displayStatus(invoice);
  return (
    <TableRow
      hover
      data-testid={`invoice-row-${invoice.id}`}
      data-status={status}
      sx={status === "expired" ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.12) } : undefined}
    >
      <TableCell>{invoice.id}</TableCell>
      <TableCell>{invoice.detail}</TableCell>
      <TableCell align="right" data-testid="invoice-value">
        {formatBrl(invoice.value)}
      </TableCell>
      <TableCell align="center" data-testid="invoice-due">
        {formatDueDate(invoice.dueDate)}
      </TableCell>
      <TableCell align="center">
        <Chip
          size="small"
          variant="outlined"
          color={chipColor[status]}
          label={t(`financeiro.status.${status}`)}
          title={status === "cancelled" ? t("financeiro.cancelledHint") : undefined}
          data-testid="invoice-status"
        />
      </TableCell>
      {onPay && (
        <TableCell align="center">
          <Action status={status} onPay={onPay} />
        </TableCell>
      )}
    </TableRow>
  );
}
