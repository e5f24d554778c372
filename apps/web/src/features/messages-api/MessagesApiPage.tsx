/**
 * The external messaging API page (/messages-api, business-areas §2.18): how
 * an outside system sends a text or a file through a connection (its token,
 * set in the connection modal, is the bearer), the number format, and a test
 * form for each method. Plan-gated (useExternalApi) by the route.
 */
import type { ReactNode } from "react";
import { Box, Divider, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { endpointUrl } from "./sendTestMessage";
import { MediaTestForm, TextTestForm } from "./TestForms";

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: "action.hover",
        fontFamily: "monospace",
        fontSize: 13,
        whiteSpace: "pre-wrap",
        wordBreak: "break-all",
      }}
    >
      {children}
    </Box>
  );
}

function Method({ title, request, form }: { title: string; request: string; form: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} component="section">
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Code>{request}</Code>
      <Typography variant="subtitle2" component="h3">
        {t("messagesAPI.test")}
      </Typography>
      <Box sx={{ maxWidth: 520 }}>{form}</Box>
    </Stack>
  );
}

export default function MessagesApiPage() {
  const { t } = useTranslation();
  const url = endpointUrl();
  const auth = "Authorization: Bearer {token}";
  const textRequest = [
    `POST ${url}`,
    auth,
    "Content-Type: application/json",
    "",
    JSON.stringify({ number: "5511999999999", body: t("messagesAPI.example.body") }, null, 2),
  ].join("\n");
  const mediaRequest = [
    `POST ${url}`,
    auth,
    "Content-Type: multipart/form-data",
    "",
    `number: 5511999999999`,
    `body: ${t("messagesAPI.example.fileName")}`,
    `medias: ${t("messagesAPI.example.file")}`,
  ].join("\n");
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={3}>
        <Typography variant="h5" component="h1">
          {t("messagesAPI.title")}
        </Typography>
        <Stack spacing={1} component="section">
          <Typography variant="h6" component="h2">
            {t("messagesAPI.instructions.title")}
          </Typography>
          <Typography>{t("messagesAPI.instructions.token")}</Typography>
          <Typography>{t("messagesAPI.instructions.endpoint")}</Typography>
          <Code testId="messages-api-endpoint">{url}</Code>
          <Typography>{t("messagesAPI.instructions.number")}</Typography>
          <Box component="ul" sx={{ my: 0 }}>
            <li>{t("messagesAPI.instructions.numberParts.country")}</li>
            <li>{t("messagesAPI.instructions.numberParts.area")}</li>
            <li>{t("messagesAPI.instructions.numberParts.number")}</li>
          </Box>
          <Typography>{t("messagesAPI.instructions.answer")}</Typography>
          <Code>{JSON.stringify({ status: "SUCCESS", messageId: 123, ticketId: 45 })}</Code>
        </Stack>
        <Divider />
        <Method title={t("messagesAPI.text.title")} request={textRequest} form={<TextTestForm />} />
        <Divider />
        <Method title={t("messagesAPI.media.title")} request={mediaRequest} form={<MediaTestForm />} />
      </Stack>
    </Paper>
  );
}
