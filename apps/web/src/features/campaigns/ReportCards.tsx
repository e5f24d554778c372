/**
 * The report's cards (business-areas §2.13): valid contacts, delivered, the
 * connection and contact list (when set), scheduled and conclusion times;
 * beyond the anchors: failed, unknown outcome, opted out, and with
 * confirmation on, confirmations requested and confirmed.
 */
import type { ReactNode } from "react";
import { Card, CardContent, Grid, Typography } from "@mui/material";
import Block from "@mui/icons-material/Block";
import CheckCircle from "@mui/icons-material/CheckCircleOutlined";
import Event from "@mui/icons-material/Event";
import EventAvailable from "@mui/icons-material/EventAvailable";
import ErrorOutline from "@mui/icons-material/ErrorOutlined";
import Group from "@mui/icons-material/GroupOutlined";
import HelpOutline from "@mui/icons-material/HelpOutlined";
import ListAlt from "@mui/icons-material/ListAlt";
import MarkChatRead from "@mui/icons-material/MarkChatReadOutlined";
import Sms from "@mui/icons-material/SmsOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import type { CampaignDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { formatCampaignDate } from "./campaignView";

interface CardProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
}

function ReportCard({ icon, label, value, testId }: CardProps) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
      <Card variant="outlined" sx={{ height: "100%" }} data-testid={testId}>
        <CardContent sx={{ display: "flex", gap: 1.5, alignItems: "center" }}>
          {icon}
          <div>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            {/* Counts read large; names and dates smaller, so they fit the card. */}
            <Typography
              variant={typeof value === "number" ? "h6" : "subtitle1"}
              component="p"
              sx={{ fontWeight: 500 }}
              data-testid={`${testId}-value`}
            >
              {value}
            </Typography>
          </div>
        </CardContent>
      </Card>
    </Grid>
  );
}

export function ReportCards({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation();
  const { report } = campaign;
  const card = (key: string, icon: ReactNode, value: ReactNode) => (
    <ReportCard
      key={key}
      icon={icon}
      label={t(`campaigns.report.cards.${key}`)}
      value={value}
      testId={`report-${key}`}
    />
  );
  return (
    <Grid container spacing={2}>
      {card("validContacts", <Group color="primary" />, report.validContacts)}
      {card("delivered", <CheckCircle color="success" />, report.delivered)}
      {card("failed", <ErrorOutline color="error" />, report.failed)}
      {report.unknown > 0 && card("unknown", <HelpOutline color="warning" />, report.unknown)}
      {card("optedOut", <Block color="action" />, report.optedOut)}
      {campaign.confirmation && card("confirmationRequested", <Sms color="info" />, report.confirmationRequested)}
      {campaign.confirmation && card("confirmed", <MarkChatRead color="info" />, report.confirmed)}
      {campaign.whatsapp && card("whatsapp", <WhatsApp color="success" />, campaign.whatsapp.name)}
      {campaign.contactList && card("contactList", <ListAlt color="primary" />, campaign.contactList.name)}
      {card(
        "scheduledAt",
        <Event color="action" />,
        formatCampaignDate(campaign.scheduledAt) ?? t("campaigns.table.notScheduled"),
      )}
      {card(
        "completedAt",
        <EventAvailable color="action" />,
        formatCampaignDate(campaign.completedAt) ?? t("campaigns.table.notConcluded"),
      )}
    </Grid>
  );
}
