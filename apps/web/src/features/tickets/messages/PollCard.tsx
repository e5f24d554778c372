/**
 * A poll (details.poll): its question, each option with how many chose it
 * (each voter's latest choice, as WhatsApp counts them) and the total.
 */
import { Box, LinearProgress, Typography } from "@mui/material";
import BarChart from "@mui/icons-material/BarChartOutlined";
import type { MessageDetails } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { pollTally } from "./messageRules";

export function PollCard({ poll }: { poll: NonNullable<MessageDetails["poll"]> }) {
  const { t } = useTranslation();
  const { rows, voters } = pollTally(poll);
  return (
    <Box sx={{ width: 280, maxWidth: "100%" }} data-testid="message-poll">
      <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <BarChart fontSize="inherit" />
        {t("messageDetails.poll.title")} ·{" "}
        {poll.selectableCount === 1 ? t("messageDetails.poll.single") : t("messageDetails.poll.multiple")}
      </Typography>
      <Typography variant="subtitle2" sx={{ overflowWrap: "anywhere", mb: 0.5 }}>
        {poll.question}
      </Typography>
      {rows.map((row) => (
        <Box key={row.option} sx={{ mb: 0.75 }} data-testid="poll-option">
          <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
            <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
              {row.option}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="poll-option-votes">
              {row.votes}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={voters ? (row.votes / voters) * 100 : 0}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      ))}
      <Typography variant="caption" color="text.secondary" data-testid="poll-voters">
        {t("messageDetails.poll.voters", { count: voters })}
      </Typography>
    </Box>
  );
}
