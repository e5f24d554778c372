/**
 * The message box of a chat (business-areas §2.15, §5): multiline; Enter or
 * the send button sends the text when it is not blank, Shift+Enter breaks
 * the line. A failed send puts the text back.
 */
import { useState } from "react";
import { Box, IconButton, TextField, Tooltip } from "@mui/material";
import Send from "@mui/icons-material/Send";
import { chatLimits } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { isSendable, sendsOnKey } from "./chatRules";
import { useSendChatMessage } from "./useChatMessages";

export function ChatInput({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const send = useSendChatMessage(chatId);

  const submit = () => {
    if (!isSendable(text)) return;
    const sent = text;
    setText("");
    send.mutate(sent.trim(), { onError: () => setText((typed) => typed || sent) });
  };

  return (
    <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1, p: 1, borderTop: 1, borderColor: "divider" }}>
      <TextField
        multiline
        maxRows={5}
        fullWidth
        size="small"
        value={text}
        placeholder={t("chat.input.placeholder")}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (!sendsOnKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) return;
          e.preventDefault();
          submit();
        }}
        slotProps={{
          htmlInput: {
            "data-testid": "chat-input",
            maxLength: chatLimits.messageMax,
            "aria-label": t("chat.input.placeholder"),
          },
        }}
      />
      <Tooltip title={t("chat.buttons.send")}>
        <span>
          <IconButton
            color="primary"
            onClick={submit}
            disabled={!isSendable(text)}
            aria-label={t("chat.buttons.send")}
            data-testid="chat-send"
          >
            <Send />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
