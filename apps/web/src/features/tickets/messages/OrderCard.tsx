/** A cart the customer sent from the catalog: each item (product, quantity, unit price), the total and the note. */
import { Box, Divider, Typography } from "@mui/material";
import ShoppingCartOutlined from "@mui/icons-material/ShoppingCartOutlined";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { formatMoney } from "./detailRules";

type Order = NonNullable<MessageDetails["order"]>;

export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  return (
    <Box sx={{ width: 280, maxWidth: "100%" }} data-testid="message-order">
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, mb: 0.5 }}>
        <ShoppingCartOutlined fontSize="small" color="primary" />
        <Typography variant="subtitle2">{t("messageDetails.order.title")}</Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {order.items.map((item, i) => (
          <Box
            component="li"
            key={i}
            sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.5 }}
            data-testid="order-item"
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                {item.title || item.productId}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block", overflowWrap: "anywhere" }}>
                {item.title && `${item.productId} · `}
                {t("messageDetails.order.quantityPrice", {
                  quantity: item.quantity,
                  price: money(item.price, item.currency),
                })}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>
              {money(item.quantity * item.price, item.currency)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Divider sx={{ my: 0.5 }} />
      <Typography variant="subtitle2" sx={{ textAlign: "right" }} data-testid="order-total">
        {order.total
          ? t("messageDetails.order.total", { total: money(order.total.amount, order.total.currency) })
          : t("messageDetails.order.noTotal")}
      </Typography>
      {order.note && (
        <Typography
          variant="body2"
          sx={{ mt: 0.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          data-testid="order-note"
        >
          {t("messageDetails.order.note", { note: order.note })}
        </Typography>
      )}
    </Box>
  );
}
