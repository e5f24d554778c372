/**
 * Invoices (/financeiro, core-platform §2.19): the company's invoices by
 * infinite scroll, with the §4.6 display statuses; PAY opens the checkout.
 * The menu shows the page to admins (§2.3 administration section); the server
 * lets only the company's admins and super users read invoices, so anyone
 * else who types the address is told so instead of getting a failing list.
 */
import { useState } from "react";
import { Alert, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { mayPay } from "../layout/subscription";
import { ListPage } from "../lists/ListPage";
import { AppCheckout } from "./AppCheckout";
import type { InvoiceDto as Invoice } from "@balcao/contracts";
import { InvoiceRow } from "./InvoiceRow";
import { invoiceColumnHeads } from "./InvoicesTable";
import { useInvoices } from "./useInvoices";

export default function FinanceiroPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = mayPay(user);
  const { items, query } = useInvoices(allowed);
  const [paying, setPaying] = useState<Invoice | null>(null);

  if (!allowed) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Alert severity="warning" data-testid="financeiro-admins-only">
          {t("financeiro.adminsOnly")}
        </Alert>
      </Paper>
    );
  }
  return (
    <ListPage
      testId="invoices"
      title={t("financeiro.title")}
      actions={null}
      columns={invoiceColumnHeads(t)}
      items={items}
      renderRow={(invoice) => <InvoiceRow key={invoice.id} invoice={invoice} onPay={() => setPaying(invoice)} />}
      loaded={query.isSuccess}
      emptyText={t("financeiro.empty")}
      paging={query}
    >
      {paying && <AppCheckout invoice={paying} companyName={user?.company.name} onClose={() => setPaying(null)} />}
    </ListPage>
  );
}
