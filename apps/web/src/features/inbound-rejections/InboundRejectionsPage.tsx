/**
 * Rejected inbound items (/inbound-rejections, super users only; issue 19):
 * what a WhatsApp connection received and the server could not read, kept
 * whole with the reason. Newest first, 20 at a time with infinite scroll;
 * each row opens the item as the provider sent it.
 */
import { useState } from "react";
import {
  Box,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from "@mui/material";
import KeyboardArrowDown from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUp from "@mui/icons-material/KeyboardArrowUp";
import type { InboundRejectionDto } from "@balcao/contracts";
import { formatInZone } from "../../app/company-clock";
import { useTranslation } from "react-i18next";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { ListHeader } from "../lists/ListHeader";
import { useInboundRejections } from "./useInboundRejections";

const columns = ["receivedAt", "company", "connection", "provider", "reason"] as const;

function RejectionRow({ item }: { item: InboundRejectionDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t(open ? "inboundRejections.hideItem" : "inboundRejections.showItem");
  return (
    <>
      <TableRow
        hover
        data-testid={`inbound-rejection-${item.id}`}
        sx={{ "& > td": { borderBottom: open ? 0 : undefined } }}
      >
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={label}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            data-testid="inbound-rejection-toggle"
          >
            {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ whiteSpace: "nowrap" }}>{formatInZone(item.receivedAt, "dd/MM/yyyy HH:mm:ss")}</TableCell>
        <TableCell>{item.companyName}</TableCell>
        <TableCell>{item.whatsappName ?? t("inboundRejections.deletedConnection")}</TableCell>
        <TableCell>{t(`inboundRejections.providers.${item.provider}`, { defaultValue: item.provider })}</TableCell>
        <TableCell sx={{ maxWidth: 420, overflowWrap: "anywhere" }} data-testid="inbound-rejection-reason">
          {item.reason}
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={columns.length + 1} sx={{ pt: 0 }}>
            <Box
              component="pre"
              data-testid="inbound-rejection-item"
              sx={{
                m: 0,
                p: 1.5,
                maxHeight: 420,
                overflow: "auto",
                fontFamily: "monospace",
                fontSize: 13,
                bgcolor: "action.hover",
                borderRadius: 1,
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
              }}
            >
              {JSON.stringify(item.item, null, 2)}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

export default function InboundRejectionsPage() {
  const { t } = useTranslation();
  const { items, count, query } = useInboundRejections();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader title={t("inboundRejections.title")} count={count} testId="inbound-rejections" />
      <TableContainer>
        <Table size="small" data-testid="inbound-rejections-table" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              {columns.map((c) => (
                <TableCell key={c}>{t(`inboundRejections.table.${c}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <RejectionRow key={item.id} item={item} />
            ))}
            {query.isSuccess && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {t("inboundRejections.empty")}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <InfiniteSentinel
        hasMore={query.hasNextPage}
        loading={query.isFetching}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </Paper>
  );
}
