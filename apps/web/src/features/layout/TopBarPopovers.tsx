/**
 * The three top-bar popovers of core-platform §2.14. The ticket and
 * announcement ones live with their areas; the internal-chat list arrives
 * with its area and is empty until then.
 */
import type { SxProps, Theme } from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useTranslation } from "react-i18next";
import { AnnouncementsPopover } from "../announcements/AnnouncementsPopover";
import { TicketNotificationsPopover } from "../notifications/TicketNotificationsPopover";
import { useHasUnreadChats } from "./badges";
import { NoRecords, TopBarPopover } from "./TopBarPopover";

export function TopBarPopovers({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const unreadChats = useHasUnreadChats();
  return (
    <>
      <TicketNotificationsPopover buttonSx={buttonSx} />
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
