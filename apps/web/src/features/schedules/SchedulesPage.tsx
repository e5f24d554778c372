/**
 * The scheduled-message calendar (/schedules, business-areas §2.8): the
 * count in the title, search, Add, and react-big-calendar (month, week,
 * work_week, day, agenda; height 500) whose events start and end at their
 * sendAt and show the contact's name with edit and delete. ?contactId= opens
 * the modal prefilled with that contact. Kept live from company{id}-schedule.
 * The calendar lays out by the browser's own clock, so it is handed dates
 * that read the company's clock there (asBrowserWallClock), today included.
 */
import { useMemo, useState } from "react";
import { Box, Button, IconButton, Paper, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import type { ContactDto, ScheduleDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Calendar, type EventProps } from "react-big-calendar";
import "react-big-calendar/lib/css/react-big-calendar.css";
import { api } from "../../api/http";
import { asBrowserWallClock } from "../../app/company-clock";
import { CompanyZoneNote } from "../common/CompanyZoneNote";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { ListHeader } from "../lists/ListHeader";
import { cultureOf, formats, localizer, messagesOf } from "./calendarLocale";
import { ScheduleModal } from "./ScheduleModal";
import { useDeleteSchedule, useSchedulesList } from "./useSchedules";

interface ScheduleEvent {
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleDto;
}

type ModalState = { open: false } | { open: true; id?: number; contact?: { id: number; name: string } };

const statusColors: Record<ScheduleDto["status"], string> = {
  PENDENTE: "#1976d2",
  ENVIADA: "#2e7d32",
  ERRO: "#d32f2f",
};

function EventLabel({
  event,
  onEdit,
  onDelete,
}: EventProps<ScheduleEvent> & { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const stop = (action: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    action();
  };
  return (
    <Box
      sx={{ display: "flex", alignItems: "center", gap: 0.25, overflow: "hidden" }}
      data-testid={`schedule-event-${event.schedule.id}`}
      data-status={event.schedule.status}
    >
      <Box component="span" sx={{ flex: "1 1 auto", overflow: "hidden", textOverflow: "ellipsis" }}>
        {event.title}
      </Box>
      {event.schedule.late && (
        <Box component="span" sx={{ flex: "0 0 auto", fontStyle: "italic" }} data-testid="schedule-late">
          {t("schedules.late")}
        </Box>
      )}
      <Tooltip title={t("schedules.buttons.edit")}>
        <IconButton size="small" sx={{ color: "inherit", p: 0.25 }} onClick={stop(onEdit)} data-testid="schedule-edit">
          <Edit sx={{ fontSize: 14 }} />
        </IconButton>
      </Tooltip>
      <Tooltip title={t("schedules.buttons.delete")}>
        <IconButton
          size="small"
          sx={{ color: "inherit", p: 0.25 }}
          onClick={stop(onDelete)}
          data-testid="schedule-delete"
        >
          <DeleteOutline sx={{ fontSize: 14 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** ?contactId=: the modal opens prefilled with that contact once its name is read. */
function useContactFromQuery(onFound: (contact: { id: number; name: string }) => void) {
  const [params, setParams] = useSearchParams();
  const contactId = Number(params.get("contactId"));
  useQuery({
    queryKey: ["schedules", "contact", contactId],
    queryFn: async () => {
      const contact = await api.get<ContactDto>(`/contacts/${contactId}`);
      onFound({ id: contact.id, name: contact.name });
      setParams({}, { replace: true });
      return contact;
    },
    enabled: Number.isInteger(contactId) && contactId > 0,
    retry: false,
  });
}

export default function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const { search, setSearch, items, count } = useSchedulesList();
  const remove = useDeleteSchedule();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);
  useContactFromQuery((contact) => setModal({ open: true, contact }));
  const events = useMemo(
    () =>
      items.map((s): ScheduleEvent => {
        const at = asBrowserWallClock(s.sendAt);
        return { title: s.contact.name, start: at, end: at, schedule: s };
      }),
    [items],
  );
  const messages = useMemo(() => messagesOf(t), [t]);

  return (
    <Box sx={{ p: 2 }} data-testid="schedules">
      <ListHeader
        title={t("schedules.title")}
        count={count}
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t("schedules.searchPlaceholder")}
        testId="schedules"
      >
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="schedule-add"
        >
          {t("schedules.buttons.add")}
        </Button>
      </ListHeader>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <Calendar<ScheduleEvent>
          localizer={localizer}
          culture={cultureOf(i18n.language)}
          messages={messages}
          formats={formats}
          events={events}
          views={["month", "week", "work_week", "day", "agenda"]}
          defaultView="month"
          getNow={() => asBrowserWallClock(Date.now())}
          style={{ height: 500 }}
          popup
          eventPropGetter={(e) => ({ style: { backgroundColor: statusColors[e.schedule.status] } })}
          onSelectEvent={(e) => setModal({ open: true, id: e.schedule.id })}
          components={{
            event: (props) => (
              <EventLabel
                {...props}
                onEdit={() => setModal({ open: true, id: props.event.schedule.id })}
                onDelete={() => setDeleting(props.event.schedule)}
              />
            ),
          }}
        />
      </Paper>
      <CompanyZoneNote testId="schedules-zone" />
      {modal.open && (
        <ScheduleModal scheduleId={modal.id} contact={modal.contact} onClose={() => setModal({ open: false })} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("schedules.confirmationModal.deleteTitle", { name: deleting?.contact.name ?? "" })}
        message={t("schedules.confirmationModal.deleteMessage")}
        confirmLabel={t("schedules.buttons.delete")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
        testId="schedule-delete-dialog"
      />
    </Box>
  );
}
