/**
 * The company's invoices (GET /invoices/all, core-platform §7.8), paged for
 * the infinite scroll; a confirmed payment reads them again, so the paid one
 * shows PAID.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCompanyEvent } from "../../app/socket";
import { usePagedList } from "../lists/usePagedList";
import type { InvoiceDto as Invoice } from "@balcao/contracts";

export const invoicesKey = "invoices";

export function useInvoices(enabled = true) {
  const queryClient = useQueryClient();
  const list = usePagedList<"invoices", Invoice>({
    key: invoicesKey,
    path: "/invoices/all",
    field: "invoices",
    enabled,
  });
  useCompanyEvent("payment", () => void queryClient.invalidateQueries({ queryKey: [invoicesKey] }));
  return list;
}
