/**
 * The delivery log of an n8n / webhook integration (issue 17 item 6): the
 * last 100 deliveries, newest first, with their event, status, attempts, the
 * last answer's status code or error, when made and when delivered, and a
 * resend action.
 */
import { Box, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import Replay from "@mui/icons-material/Replay";
import type { IntegrationDeliveryDto, IntegrationDeliveryStatus } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { dateTimeLabel } from "../tickets/messages/messageRules";
import { useDeliveries, useResendDelivery } from "./useDeliveries";

const k = (key: string) => `queueIntegrationModal.deliveries.${key}`;
const statusColor: Record<IntegrationDeliveryStatus, "default" | "success" | "error"> = {
  pending: "default",
  delivered: "success",
  failed: "error",
};
const columns = ["event", "status", "attempts", "lastStatusCode", "lastError", "createdAt", "deliveredAt", "actions"];

function DeliveryRow({
  delivery,
  onResend,
  busy,
}: {
  delivery: IntegrationDeliveryDto;
  onResend: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid={`delivery-${delivery.id}`}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{delivery.event}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={statusColor[delivery.status]}
          label={t(k(`status.${delivery.status}`))}
          data-testid="delivery-status"
        />
      </TableCell>
      <TableCell align="center" data-testid="delivery-attempts">
        {delivery.attempts}
      </TableCell>
      <TableCell align="center" data-testid="delivery-code">
        {delivery.lastStatusCode ?? "—"}
      </TableCell>
      <TableCell sx={{ maxWidth: 180, overflowWrap: "anywhere" }} data-testid="delivery-error">
        {delivery.lastError ?? ""}
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{dateTimeLabel(delivery.createdAt)}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        {delivery.deliveredAt ? dateTimeLabel(delivery.deliveredAt) : "—"}
      </TableCell>
      <TableCell align="center">
        <IconButton
          size="small"
          onClick={onResend}
          disabled={busy}
          aria-label={t(k("resend"))}
          title={t(k("resend"))}
          data-testid="delivery-resend"
        >
          <Replay fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

export function DeliveryLog({ integrationId }: { integrationId: number }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(integrationId);
  const resend = useResendDelivery(integrationId);
  const list = deliveries.data ?? [];
  return (
    <Box sx={{ mt: 2 }} data-testid="integration-deliveries">
      <Typography variant="subtitle2">{t(k("title"))}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t(k("help"))}
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} sx={{ whiteSpace: "nowrap" }}>
                  {c === "actions" ? "" : t(k(`columns.${c}`))}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                busy={resend.isPending && resend.variables === d.id}
                onResend={() => resend.mutate(d.id)}
              />
            ))}
            {deliveries.isSuccess && list.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: "text.secondary", py: 2 }}>
                  {t(k("empty"))}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
