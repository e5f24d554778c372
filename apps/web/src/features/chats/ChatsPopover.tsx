/**
 * The top bar's internal chats (core-platform §2.14, business-areas §2.15):
 * the user's chats with their last message and updatedAt (DD/MM/YYYY HH:mm)
 * in alternating row colours, a dot while any has unreads; choosing one
 * opens /chats/{uuid} with a full page navigation.
 */
import { Badge, List, ListItemButton, ListItemText, type SxProps, type Theme } from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { unreadsOf } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { NoRecords, TopBarPopover } from "../layout/TopBarPopover";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { chatDate, hasUnreadChats } from "./chatRules";
import { useChatList } from "./useChats";

export function ChatsPopover({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { items, query } = useChatList({ deferred: true });
  const userId = user?.id ?? 0;
  return (
    <TopBarPopover
      testId="chats"
      label={t("notifications.chats")}
      icon={<ForumOutlined />}
      hasUnseen={hasUnreadChats(items, user?.id)}
      buttonSx={buttonSx}
    >
      {items.length === 0 ? (
        <NoRecords />
      ) : (
        <List dense disablePadding sx={{ overflowY: "auto" }}>
          {items.map((chat, i) => (
            <ListItemButton
              key={chat.id}
              data-testid={`chats-popover-item-${chat.id}`}
              onClick={() => window.location.assign(`/chats/${chat.uuid}`)}
              sx={{ bgcolor: i % 2 ? "action.hover" : "background.paper" }}
            >
              <ListItemText
                primary={chat.title}
                secondary={
                  <>
                    <span data-testid="chats-popover-last">{chat.lastMessage}</span>
                    <br />
                    {chatDate(chat.updatedAt)}
                  </>
                }
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
              <Badge color="success" badgeContent={unreadsOf(chat, userId)} sx={{ mx: 1.5 }} />
            </ListItemButton>
          ))}
        </List>
      )}
      <InfiniteSentinel
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </TopBarPopover>
  );
}
