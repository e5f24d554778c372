/** A bare invoices table (the expired company's open invoices), with the /financeiro page's rows. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { InvoiceDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { InvoiceRow } from "./InvoiceRow";

export const invoiceColumns = ["id", "details", "value", "dueDate", "status", "action"] as const;
const align = { value: "right", dueDate: "center", status: "center", action: "center" } as const;

export function invoiceColumnHeads(t: (key: string) => string) {
  return invoiceColumns.map((c) => ({
    label: t(`financeiro.table.${c}`),
    align: c in align ? align[c as keyof typeof align] : undefined,
  }));
}

export function InvoicesTable({ invoices, onPay }: { invoices: InvoiceDto[]; onPay: (invoice: InvoiceDto) => void }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="open-invoices-table">
        <TableHead>
          <TableRow>
            {invoiceColumnHeads(t).map(({ label, align: a }) => (
              <TableCell key={label} align={a}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onPay={() => onPay(invoice)} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
