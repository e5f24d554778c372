/**
 * Campaign report (/campaign/:campaignId/report, business-areas §2.13, §4,
 * §9): the title with the campaign's name, 'Status: <label> <delivered> of
 * <valid>', the progress bar (delivered / valid × 100), the cards and the
 * per-recipient table, all following the campaign live.
 */
import { Box, Button, CircularProgress, LinearProgress, Paper, Typography } from "@mui/material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import type { CampaignDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { progressPercent } from "./campaignView";
import { ReportCards } from "./ReportCards";
import { ShippingTable } from "./ShippingTable";
import { useCampaignReport } from "./useCampaignReport";

function StatusLine({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation();
  const percent = progressPercent(campaign.report);
  return (
    <Box sx={{ my: 2 }}>
      <Typography data-testid="report-status" data-status={campaign.status}>
        {t("campaigns.report.status", {
          status: t(`campaigns.status.${campaign.status}`),
          delivered: campaign.report.delivered,
          valid: campaign.report.validContacts,
        })}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mt: 1 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          sx={{ flex: 1, height: 10, borderRadius: 5 }}
          aria-label={t("campaigns.report.progress")}
          data-testid="report-progress"
        />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 44, textAlign: "right" }}>
          {`${Math.round(percent)}%`}
        </Typography>
      </Box>
    </Box>
  );
}

export default function CampaignReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const campaignId = Number(useParams().campaignId);
  const campaign = useCampaignReport(campaignId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="campaign-report-page">
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1" sx={{ flex: "1 1 auto" }}>
          {t("campaigns.report.title")}
          {campaign.data && `: ${campaign.data.name}`}
        </Typography>
        <Button startIcon={<ArrowBack />} onClick={() => void navigate("/campaigns")} data-testid="report-back">
          {t("campaigns.report.back")}
        </Button>
      </Box>
      {campaign.isError && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: "center" }}>
          {t("campaigns.report.notFound")}
        </Typography>
      )}
      {campaign.isPending && (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
          <CircularProgress />
        </Box>
      )}
      {campaign.data && (
        <>
          <StatusLine campaign={campaign.data} />
          <ReportCards campaign={campaign.data} />
          <ShippingTable campaignId={campaignId} />
        </>
      )}
    </Paper>
  );
}
