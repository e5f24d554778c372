/**
 * A company's invoices, read by a super user from the companies screen
 * (issue 14 item 1: GET /invoices/all with companyId). Read only: paying is the
 * company admins' own checkout, which hears its confirmation on their socket.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  type PaperProps,
} from "@mui/material";
import type { InvoiceDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { usePagedList } from "../lists/usePagedList";
import { InvoicesTable } from "./InvoicesTable";

interface Props {
  company: { id: number; name: string };
  onClose: () => void;
}

export function CompanyInvoicesDialog({ company, onClose }: Props) {
  const { t } = useTranslation();
  const { items, query } = usePagedList<"invoices", InvoiceDto>({
    key: "company-invoices",
    path: "/invoices/all",
    field: "invoices",
    params: { companyId: company.id },
  });
  const paper = { "data-testid": "company-invoices" } as PaperProps;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth scroll="paper" slotProps={{ paper }}>
      <DialogTitle>{t("financeiro.companyTitle", { name: company.name })}</DialogTitle>
      <DialogContent dividers>
        <InvoicesTable invoices={items} testId="company-invoices-table" />
        {query.isSuccess && items.length === 0 && (
          <DialogContentText sx={{ textAlign: "center", py: 3 }}>{t("financeiro.empty")}</DialogContentText>
        )}
        <InfiniteSentinel
          hasMore={query.hasNextPage}
          loading={query.isFetching}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="company-invoices-close">
          {t("checkoutPage.buttons.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
