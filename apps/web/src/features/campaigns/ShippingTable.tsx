/**
 * The report's per-recipient table (beyond the anchors): number, name,
 * status, variant, delivered at and error, with a search, a status filter,
 * infinite scroll, and the CSV export of every row.
 */
import { useState } from "react";
import {
  Box,
  Button,
  Chip,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import Download from "@mui/icons-material/FileDownloadOutlined";
import Search from "@mui/icons-material/Search";
import { shippingStatuses, type CampaignShippingDto, type ShippingStatus } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { downloadFile } from "../../api/download";
import { toastError } from "../../api/toast-error";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { formatCampaignDate } from "./campaignView";
import { useShippingTable } from "./useCampaignReport";

const shippingColor: Record<ShippingStatus, "default" | "info" | "warning" | "error" | "success"> = {
  pending: "default",
  sending: "info",
  awaiting: "info",
  confirming: "info",
  delivered: "success",
  failed: "error",
  unknown: "warning",
  opted_out: "default",
};

function ShippingRow({ row }: { row: CampaignShippingDto }) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid={`shipping-row-${row.id}`} data-status={row.status}>
      <TableCell data-testid="shipping-number">{row.number}</TableCell>
      <TableCell>{row.name}</TableCell>
      <TableCell align="center">
        <Chip size="small" color={shippingColor[row.status]} label={t(`campaigns.shipping.status.${row.status}`)} />
      </TableCell>
      <TableCell align="center" data-testid="shipping-variant">
        {row.variant ?? "—"}
      </TableCell>
      <TableCell align="center">{formatCampaignDate(row.deliveredAt) ?? "—"}</TableCell>
      <TableCell sx={{ color: "error.main", maxWidth: 280, overflowWrap: "anywhere" }}>{row.error ?? ""}</TableCell>
    </TableRow>
  );
}

function ExportButton({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportCsv = () => {
    setBusy(true);
    downloadFile(`/campaigns/${campaignId}/shipping/export`, `campanha-${campaignId}.csv`)
      .catch(toastError)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="outlined"
      startIcon={<Download />}
      loading={busy}
      onClick={exportCsv}
      data-testid="shipping-export"
    >
      {t("campaigns.shipping.export")}
    </Button>
  );
}

export function ShippingTable({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const { items, count, query, search, setSearch, status, setStatus } = useShippingTable(campaignId);
  const columns = ["number", "name", "status", "variant", "deliveredAt", "error"] as const;
  return (
    <Box sx={{ mt: 4 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1.5, flexWrap: "wrap" }}>
        <Typography variant="h6" component="h2" sx={{ flex: "1 1 auto" }}>
          {t("campaigns.shipping.title")}
          {count !== undefined && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid="shipping-count">
              ({count})
            </Typography>
          )}
        </Typography>
        <TextField
          size="small"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t("campaigns.shipping.search")}
          slotProps={{
            htmlInput: { "data-testid": "shipping-search", "aria-label": t("campaigns.shipping.search") },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" color="action" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t("campaigns.shipping.filter")}
          value={status}
          onChange={(e) => setStatus(e.target.value as ShippingStatus | "")}
          sx={{ minWidth: 180 }}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { "data-testid": "shipping-filter" },
          }}
        >
          <option value="">{t("campaigns.shipping.all")}</option>
          {shippingStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`campaigns.shipping.status.${s}`)}
            </option>
          ))}
        </TextField>
        <ExportButton campaignId={campaignId} />
      </Box>
      <TableContainer>
        <Table size="small" data-testid="shipping-table">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} align={c === "number" || c === "name" || c === "error" ? "left" : "center"}>
                  {t(`campaigns.shipping.columns.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <ShippingRow key={row.id} row={row} />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("campaigns.shipping.empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <InfiniteSentinel
        hasMore={query.hasNextPage}
        // Not isFetching: the live refreshes would spin it every few seconds.
        loading={query.isFetchingNextPage || query.isPending}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </Box>
  );
}
