/**
 * A bare invoices table with the /financeiro page's rows: an expired company's
 * open invoices (PAY), or a company's invoices read by a super user (no action).
 */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { InvoiceDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { InvoiceRow } from "./InvoiceRow";

export const invoiceColumns = ["id", "details", "value", "dueDate", "status", "action"] as const;
const align = { value: "right", dueDate: "center", status: "center", action: "center" } as const;

export function invoiceColumnHeads(t: (key: string) => string, withAction = true) {
  return invoiceColumns
    .filter((c) => withAction || c !== "action")
    .map((c) => ({
      label: t(`financeiro.table.${c}`),
      align: c in align ? align[c as keyof typeof align] : undefined,
    }));
}

interface Props {
  invoices: InvoiceDto[];
  onPay?: (invoice: InvoiceDto) => void;
  testId?: string;
}

export function InvoicesTable({ invoices, onPay, testId = "open-invoices-table" }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {invoiceColumnHeads(t, onPay !== undefined).map(({ label, align: a }) => (
              <TableCell key={label} align={a}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} onPay={onPay && (() => onPay(invoice))} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
