/**
 * The top-bar announcements popover (core-platform §2.14, business-areas
 * §2.14): active announcements with a left border in their priority's colour
 * (1 red, 2 orange, 3 grey), a thumbnail, the date as DD/MM/YYYY and the
 * text; a click opens the announcement. The dot shows unseen announcements.
 */
import { useState } from "react";
import {
  Avatar,
  Box,
  CircularProgress,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  type SxProps,
  type Theme,
} from "@mui/material";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import { announcementPriorityColors, type AnnouncementListItem } from "@balcao/contracts";
import { companyDate } from "../../app/company-clock";
import { useTranslation } from "react-i18next";
import { NoRecords, TopBarPopover } from "../layout/TopBarPopover";
import { InfiniteSentinel } from "../lists/InfiniteSentinel";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { useAnnouncementsPopover } from "./useAnnouncementsPopover";
import { useMediaDataUrl } from "./useMediaDataUrl";

function AnnouncementItem({ item, onOpen }: { item: AnnouncementListItem; onOpen: () => void }) {
  const thumbnail = useMediaDataUrl(item.mediaPath);
  return (
    <ListItemButton
      onClick={onOpen}
      data-testid={`announcement-item-${item.id}`}
      data-priority={item.priority}
      sx={{ borderLeft: `6px solid ${announcementPriorityColors[item.priority]}`, alignItems: "flex-start", py: 1 }}
    >
      <ListItemAvatar>
        <Avatar variant="rounded" src={thumbnail} alt="" data-testid="announcement-item-thumbnail">
          <CampaignOutlined />
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={item.title}
        secondary={
          <>
            <Box component="span" sx={{ display: "block", fontSize: 12 }}>
              {companyDate(item.createdAt)}
            </Box>
            <Box
              component="span"
              sx={{ display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" }}
            >
              {item.text}
            </Box>
          </>
        }
        slotProps={{ primary: { noWrap: true, sx: { fontWeight: item.seen ? 400 : 600 } } }}
      />
    </ListItemButton>
  );
}

export function AnnouncementsPopover({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<AnnouncementListItem | null>(null);
  const { records, unseenCount, query } = useAnnouncementsPopover(open);
  return (
    <>
      <TopBarPopover
        testId="announcements"
        label={t("notifications.announcements")}
        icon={<AnnouncementOutlined />}
        hasUnseen={unseenCount > 0}
        buttonSx={buttonSx}
        onOpenChange={setOpen}
      >
        {query.isPending ? (
          <Box sx={{ display: "grid", placeItems: "center", py: 3 }} aria-busy="true">
            <CircularProgress size={24} />
          </Box>
        ) : records.length === 0 ? (
          <NoRecords />
        ) : (
          <List disablePadding>
            {records.map((item) => (
              <AnnouncementItem key={item.id} item={item} onOpen={() => setSelected(item)} />
            ))}
          </List>
        )}
        <InfiniteSentinel
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </TopBarPopover>
      {selected && <AnnouncementDialog announcement={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
