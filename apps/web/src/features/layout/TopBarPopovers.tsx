/** The three top-bar popovers of core-platform §2.14, each living with its area. */
import type { SxProps, Theme } from "@mui/material";
import { AnnouncementsPopover } from "../announcements/AnnouncementsPopover";
import { ChatsPopover } from "../chats/ChatsPopover";
import { TicketNotificationsPopover } from "../notifications/TicketNotificationsPopover";

export function TopBarPopovers({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  return (
    <>
      <TicketNotificationsPopover buttonSx={buttonSx} />
      <AnnouncementsPopover buttonSx={buttonSx} />
      <ChatsPopover buttonSx={buttonSx} />
    </>
  );
}
