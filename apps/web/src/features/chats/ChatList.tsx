/**
 * The chat page's list (business-areas §2.15): a 'new' button, then each chat
 * with its title, its unread badge and '<updatedAt>: <lastMessage>', the open
 * one highlighted; its owner also sees edit and delete.
 */
import type { ReactNode } from "react";
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { unreadsOf, type ChatDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { NoRecords } from "../layout/TopBarPopover";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { chatLine, isOwner } from "./chatRules";

interface Props {
  chats: ChatDto[];
  userId: number;
  selectedUuid: string | undefined;
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  onOpen: (chat: ChatDto) => void;
  onNew: () => void;
  onEdit: (chat: ChatDto) => void;
  onDelete: (chat: ChatDto) => void;
}

function Action({
  label,
  testId,
  icon,
  onClick,
}: {
  label: string;
  testId: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={onClick} data-testid={testId} aria-label={label}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function OwnerActions({ chat, onEdit, onDelete }: { chat: ChatDto } & Pick<Props, "onEdit" | "onDelete">) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex" }}>
      <Action
        label={t("chat.buttons.edit")}
        testId="chat-edit"
        icon={<EditOutlined fontSize="small" />}
        onClick={() => onEdit(chat)}
      />
      <Action
        label={t("chat.buttons.delete")}
        testId="chat-delete"
        icon={<DeleteOutline fontSize="small" />}
        onClick={() => onDelete(chat)}
      />
    </Box>
  );
}

export function ChatList(props: Props) {
  const { chats, userId, selectedUuid, loading, hasMore, onLoadMore, onOpen, onNew } = props;
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Box
        sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t("chat.chats")}
        </Typography>
        <Button variant="contained" size="small" startIcon={<Add />} onClick={onNew} data-testid="chat-new">
          {t("chat.buttons.new")}
        </Button>
      </Box>
      <Box sx={{ flex: 1, overflowY: "auto" }}>
        {!loading && chats.length === 0 && <NoRecords />}
        <List disablePadding>
          {chats.map((chat) => (
            <ListItem
              key={chat.id}
              disablePadding
              divider
              data-testid={`chat-item-${chat.id}`}
              secondaryAction={isOwner(chat, userId) ? <OwnerActions chat={chat} {...props} /> : undefined}
              sx={{ "& .MuiListItemSecondaryAction-root": { right: 8 } }}
            >
              <ListItemButton
                selected={chat.uuid === selectedUuid}
                onClick={() => onOpen(chat)}
                sx={{ pr: isOwner(chat, userId) ? 11 : 2 }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 2 }}>
                      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                        {chat.title}
                      </Box>
                      <Badge color="success" badgeContent={unreadsOf(chat, userId)} data-testid="chat-unreads" />
                    </Box>
                  }
                  secondary={chatLine(chat)}
                  slotProps={{ secondary: { noWrap: true, "data-testid": "chat-line" } as object }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <InfiniteSentinel hasMore={hasMore} loading={loading} onLoadMore={onLoadMore} />
      </Box>
    </Box>
  );
}
