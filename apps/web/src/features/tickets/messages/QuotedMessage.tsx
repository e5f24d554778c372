/** A quoted message inside a bubble or above the input (core-platform §2.10, §2.11), its marks drawn as in the bubble. */
import { Box, Typography } from "@mui/material";
import type { QuotedMessageDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { WhatsappMarks } from "./WhatsappMarks";

export function QuotedMessage({ quoted, testId = "quoted-message" }: { quoted: QuotedMessageDto; testId?: string }) {
  const { t } = useTranslation();
  const author = quoted.fromMe ? t("messagesList.you") : (quoted.contact?.name ?? "");
  const text = quoted.body || (quoted.mediaType !== "chat" ? t("messagesList.media") : "");
  return (
    <Box
      data-testid={testId}
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? "success.main" : "primary.main",
        bgcolor: "action.hover",
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
        minWidth: 0,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, color: quoted.fromMe ? "success.main" : "primary.main" }}>
        {author}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: "-webkit-box",
          WebkitLineClamp: 3,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          whiteSpace: "pre-wrap",
        }}
        data-testid={`${testId}-body`}
      >
        <WhatsappMarks text={text} />
      </Typography>
    </Box>
  );
}
