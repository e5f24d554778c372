/** The click-to-WhatsApp ad a message came from: its headline, its text and a link to it. */
import { Box, Link, Typography } from "@mui/material";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import OpenInNew from "@mui/icons-material/OpenInNew";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { safeLink } from "./detailRules";

type Referral = NonNullable<MessageDetails["referral"]>;

export function ReferralBanner({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  const href = safeLink(referral.sourceUrl);
  return (
    <Box
      sx={{
        borderLeft: 3,
        borderColor: "primary.main",
        bgcolor: "action.hover",
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
      data-testid="message-referral"
    >
      <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <CampaignOutlined sx={{ fontSize: 14 }} />
        {t("messageDetails.referral.fromAd")}
      </Typography>
      {referral.headline && (
        <Typography variant="subtitle2" sx={{ overflowWrap: "anywhere" }} data-testid="referral-headline">
          {referral.headline}
        </Typography>
      )}
      {referral.body && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {referral.body}
        </Typography>
      )}
      {href && (
        <Link
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="caption"
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.25 }}
          data-testid="referral-link"
        >
          {t("messageDetails.referral.open")}
          <OpenInNew sx={{ fontSize: 12 }} />
        </Link>
      )}
    </Box>
  );
}
