/**
 * The three top-bar popovers of core-platform §2.14. The announcements one
 * lives with its area; the tickets and internal-chat lists arrive with theirs
 * and are empty until then.
 */
import type { SxProps, Theme } from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import { useTranslation } from "react-i18next";
import { AnnouncementsPopover } from "../announcements/AnnouncementsPopover";
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
      <AnnouncementsPopover buttonSx={buttonSx} />
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
