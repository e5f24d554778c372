/**
 * The three top-bar popovers of core-platform §2.14. Their lists arrive with
 * the tickets, announcements and internal-chat areas; until then they are empty.
 */
import type { SxProps, Theme } from "@mui/material";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useTranslation } from "react-i18next";
import { useHasUnreadChats } from "./badges";
import { NoRecords, TopBarPopover } from "./TopBarPopover";

export function TopBarPopovers({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const unreadChats = useHasUnreadChats();
  return (
    <>
      <TopBarPopover
        testId="notifications"
        label={t("notifications.tickets")}
        icon={<NotificationsOutlined />}
        buttonSx={buttonSx}
      >
        <NoRecords />
      </TopBarPopover>
      <TopBarPopover
        testId="announcements"
        label={t("notifications.announcements")}
        icon={<AnnouncementOutlined />}
        buttonSx={buttonSx}
      >
        <NoRecords />
      </TopBarPopover>
      <TopBarPopover
        testId="chats"
        label={t("notifications.chats")}
        icon={<ForumOutlined />}
        hasUnseen={unreadChats}
        buttonSx={buttonSx}
      >
        <NoRecords />
      </TopBarPopover>
    </>
  );
}
