/**
 * The ticket manager (core-platform §2.7): Open (In Progress / Waiting with
 * counts, New ticket, Show all, queue filter), Resolved, and Search (text
 * debounced 500 ms and lower-cased, tags, users for admins).
 */
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Badge, Box, Button, FormControlLabel, InputAdornment, Switch, Tab, Tabs, TextField } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import CheckBoxOutlined from "@mui/icons-material/CheckBoxOutlined";
import MoveToInboxOutlined from "@mui/icons-material/MoveToInboxOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { can, timings, type AuthUser, type TicketDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../lists/usePagedList";
import { useQueueOptions } from "../../users/useUserOptions";
import type { TicketFilter } from "../ticketRules";
import { useTicketList } from "../ticketsCache";
import { useUserList, type TagRef } from "../useLookupLists";
import { MultiSelect } from "./MultiSelect";
import { TagFilter } from "./TagFilter";
import { TicketsList } from "./TicketsList";

type MainTab = "open" | "closed" | "search";

const mainTabs = [
  { value: "open", Icon: MoveToInboxOutlined, label: "openTab" },
  { value: "closed", Icon: CheckBoxOutlined, label: "closed" },
  { value: "search", Icon: SearchIcon, label: "search" },
] as const;
type OpenTab = "open" | "pending";

interface Props {
  user: AuthUser;
  selectedUuid: string | undefined;
  onNewTicket: () => void;
  onPeek: (ticket: TicketDto) => void;
}

function CountLabel({ label, count, testId }: { label: string; count: number; testId: string }) {
  return (
    <Badge
      badgeContent={count}
      color="secondary"
      max={999}
      data-testid={testId}
      sx={{ "& .MuiBadge-badge": { right: -14 } }}
    >
      <span>{label}</span>
    </Badge>
  );
}

/** The user's queues, all selected at first; admins pick among every queue of the company. */
function useQueueFilter(user: AuthUser) {
  const isAdmin = user.profile === "admin";
  const companyQueues = useQueueOptions(isAdmin);
  const options = useMemo(
    () => (isAdmin ? (companyQueues.data ?? []) : user.queues),
    [isAdmin, companyQueues.data, user.queues],
  );
  const [picked, setPicked] = useState<number[] | null>(null);
  const queueIds = useMemo(() => picked ?? options.map((q) => q.id), [picked, options]);
  return { options, queueIds, setQueueIds: setPicked, ready: !isAdmin || companyQueues.isFetched };
}

export function TicketsManager({ user, selectedUuid, onNewTicket, onPeek }: Props) {
  const { t } = useTranslation();
  const isAdmin = user.profile === "admin";
  const mayShowAll = can(user.profile, "tickets-manager:showall");
  const [tab, setTab] = useState<MainTab>("open");
  const [openTab, setOpenTab] = useState<OpenTab>("open");
  const [showAll, setShowAll] = useState(isAdmin);
  const queues = useQueueFilter(user);
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedValue(searchText.trim().toLowerCase(), timings.searchDebounceMs);
  const [tagRefs, setTagRefs] = useState<TagRef[]>([]);
  const tags = useMemo(() => tagRefs.map((tag) => tag.id), [tagRefs]);
  const [users, setUsers] = useState<number[]>([]);
  const userList = useUserList(tab === "search" && isAdmin);

  // Clearing the search text returns to the Open tab.
  const [searched, setSearched] = useState(false);
  useEffect(() => {
    if (searchText !== "") setSearched(true);
    else if (searched) {
      setSearched(false);
      setTab("open");
    }
  }, [searchText, searched]);

  const base = { showAll: mayShowAll && showAll, queueIds: queues.queueIds };
  const openFilter: TicketFilter = { ...base, status: "open" };
  const pendingFilter: TicketFilter = { ...base, status: "pending" };
  const closedFilter: TicketFilter = { ...base, showAll: true, status: "closed" };
  const searchFilter: TicketFilter = { ...base, showAll: true, searchParam, tags, users };
  const openList = useTicketList(openFilter, queues.ready);
  const pendingList = useTicketList(pendingFilter, queues.ready);
  const closedList = useTicketList(closedFilter, queues.ready && tab === "closed");
  const searchList = useTicketList(searchFilter, queues.ready && tab === "search");

  // A ticket just accepted or opened from Waiting is shown under In Progress.
  const selectedIsOpen = openList.tickets.some((t) => t.uuid === selectedUuid);
  useEffect(() => {
    if (selectedIsOpen) setOpenTab("open");
  }, [selectedUuid, selectedIsOpen]);

  let body: ReactNode;
  if (tab === "open") {
    body = (
      <>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, px: 1.5, py: 1 }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            onClick={onNewTicket}
            data-testid="new-ticket"
          >
            {t("ticketsManager.buttons.newTicket")}
          </Button>
          {mayShowAll && (
            <FormControlLabel
              sx={{ mr: 0 }}
              label={t("ticketsManager.buttons.showAll")}
              control={
                <Switch
                  size="small"
                  checked={showAll}
                  onChange={(e) => setShowAll(e.target.checked)}
                  slotProps={{ input: { "aria-label": t("ticketsManager.buttons.showAll") } }}
                  data-testid="show-all"
                />
              }
            />
          )}
          <MultiSelect
            label={t("ticketsManager.queues")}
            options={queues.options}
            value={queues.queueIds}
            onChange={queues.setQueueIds}
            testId="queue-filter"
          />
        </Box>
        <Tabs
          value={openTab}
          onChange={(_, v: OpenTab) => setOpenTab(v)}
          variant="fullWidth"
          sx={{ minHeight: 40, borderBottom: 1, borderColor: "divider" }}
        >
          <Tab
            value="open"
            sx={{ minHeight: 40 }}
            data-testid="tab-in-progress"
            label={<CountLabel label={t("ticketsManager.tabs.open")} count={openList.count} testId="count-open" />}
          />
          <Tab
            value="pending"
            sx={{ minHeight: 40 }}
            data-testid="tab-waiting"
            label={
              <CountLabel label={t("ticketsManager.tabs.pending")} count={pendingList.count} testId="count-pending" />
            }
          />
        </Tabs>
        {openTab === "open" ? (
          <TicketsList list={openList} selectedUuid={selectedUuid} onPeek={onPeek} testId="list-open" />
        ) : (
          <TicketsList list={pendingList} selectedUuid={selectedUuid} onPeek={onPeek} testId="list-pending" />
        )}
      </>
    );
  } else if (tab === "closed") {
    body = <TicketsList list={closedList} selectedUuid={selectedUuid} onPeek={onPeek} testId="list-closed" />;
  } else {
    body = (
      <>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, px: 1.5, py: 1 }}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            placeholder={t("ticketsManager.searchPlaceholder")}
            sx={{ "& input": { textOverflow: "ellipsis" } }}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            slotProps={{
              htmlInput: { "data-testid": "ticket-search" },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TagFilter label={t("ticketsManager.tags")} value={tagRefs} onChange={setTagRefs} testId="tag-filter" />
          {isAdmin && (
            <MultiSelect
              label={t("ticketsManager.users")}
              options={userList.data ?? []}
              value={users}
              onChange={setUsers}
              testId="user-filter"
            />
          )}
        </Box>
        <TicketsList list={searchList} selectedUuid={selectedUuid} onPeek={onPeek} testId="list-search" />
      </>
    );
  }

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }} data-testid="tickets-manager">
      {/* Icons above smaller labels: three tabs fit the 340 px column in pt, en and es ("Resolvidos"). */}
      <Tabs
        value={tab}
        onChange={(_, v: MainTab) => setTab(v)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        {mainTabs.map(({ value, Icon, label }) => (
          <Tab
            key={value}
            value={value}
            icon={<Icon fontSize="small" />}
            iconPosition="top"
            label={t(`ticketsManager.tabs.${label}`)}
            data-testid={`tab-${value}`}
            sx={{ minHeight: 56, minWidth: 0, px: 1, py: 0.75, fontSize: "0.8125rem", "& .MuiTab-icon": { mb: 0.25 } }}
          />
        ))}
      </Tabs>
      {body}
    </Box>
  );
}
