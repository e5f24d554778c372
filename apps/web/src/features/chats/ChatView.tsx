/**
 * An open chat (business-areas §2.15): its title and members, the
 * conversation and the message box. Open with unreads, it is marked read (§4).
 */
import { Box, Typography } from "@mui/material";
import type { ChatDto } from "@balcao/contracts";
import { ChatInput } from "./ChatInput";
import { ChatMessages } from "./ChatMessages";
import { useMarkRead } from "./useChatMessages";

export function ChatView({ chat, userId }: { chat: ChatDto; userId: number }) {
  useMarkRead(chat, userId);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }} data-testid="chat-view">
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 600 }} data-testid="chat-view-title">
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {chat.users.map((u) => u.user.name).join(", ")}
        </Typography>
      </Box>
      <ChatMessages chatId={chat.id} userId={userId} />
      <ChatInput chatId={chat.id} />
    </Box>
  );
}
