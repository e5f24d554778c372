/**
 * The new-ticket modal (core-platform §2.13, §5, §8.2): a contact
 * autocomplete from 3 characters with "Add {text}" (the contacts area's
 * modal; saving it creates the ticket), the queue (admins all, others their
 * own; auto-selected when only one), the connection (default the user's),
 * and the outcomes: ERR_OTHER_OPEN_TICKET, a ticket held by another
 * attendant, or the new ticket opens.
 */
import { useEffect, useState, type FormEvent } from "react";
import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from "@mui/material";
import type { ContactDto, OtherAttendantTicket, TicketDto } from "@balcao/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import { api, ApiError } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useAuth } from "../../../app/auth";
import { ContactModal } from "../../contacts/ContactModal";
import { useQueueOptions } from "../../users/useUserOptions";
import { ConnectionSelect } from "./ConnectionSelect";
import { QueueSelect } from "./QueueSelect";
import { useContactSearch } from "./useSearchOptions";

type Option = ContactDto | { id: 0; name: string; add: true };

/** The other attendant's ticket, when the server answered with its object instead of a code. */
function otherAttendant(err: unknown): OtherAttendantTicket | null {
  if (!(err instanceof ApiError)) return null;
  const e: unknown = err.body.error;
  return typeof e === "object" && e !== null && "userId" in e ? (e as OtherAttendantTicket) : null;
}

export default function NewTicketModal({
  onClose,
  initialContact,
}: {
  onClose: () => void;
  initialContact?: ContactDto;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = user?.profile === "admin";
  const [text, setText] = useState("");
  const [contact, setContact] = useState<ContactDto | null>(initialContact ?? null);
  const [adding, setAdding] = useState<string | null>(null);
  const [queueId, setQueueId] = useState<number | "">("");
  const [whatsappId, setWhatsappId] = useState<number | "">(user?.whatsappId ?? "");
  const [queueError, setQueueError] = useState("");
  const search = useContactSearch(text);
  const companyQueues = useQueueOptions(isAdmin);
  const queues = isAdmin ? (companyQueues.data ?? []) : (user?.queues ?? []);

  useEffect(() => {
    if (companyQueues.isError) toast.error(t("newTicketModal.searchQueueError"));
  }, [companyQueues.isError, t]);
  // A single queue is chosen for the user.
  const onlyQueue = queues.length === 1 ? queues[0]?.id : undefined;
  useEffect(() => {
    if (onlyQueue !== undefined) setQueueId(onlyQueue);
  }, [onlyQueue]);

  const create = useMutation({
    mutationFn: (contactId: number) =>
      api.post<TicketDto>("/tickets", {
        contactId,
        queueId: queueId === "" ? null : queueId,
        whatsappId: whatsappId === "" ? null : whatsappId,
        userId: user?.id,
        status: "open",
      }),
    onSuccess: (ticket) => {
      onClose();
      void navigate(`/tickets/${ticket.uuid}`);
    },
    onError: (err) => {
      const other = otherAttendant(err);
      if (other && other.userId !== user?.id) {
        toast.warning(
          t("newTicketModal.otherAttendant", {
            user: other.user?.name ?? "",
            queue: other.queue?.name ?? t("ticketsList.noQueue"),
          }),
        );
      } else toastError(err);
    },
  });

  const submit = (contactId: number) => {
    if (!isAdmin && queueId === "") {
      setQueueError(t("newTicketModal.selectQueue"));
      return;
    }
    create.mutate(contactId);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (contact) submit(contact.id);
  };

  const options: Option[] = [...search.contacts];
  const typed = text.trim();
  if (search.term && !search.loading && !search.contacts.some((c) => c.name.toLowerCase() === typed.toLowerCase())) {
    options.push({ id: 0, name: typed, add: true });
  }

  if (adding !== null) {
    const digits = /^[\d\s()+-]+$/.test(adding);
    return (
      <ContactModal
        prefill={digits ? { number: adding } : { name: adding }}
        onClose={() => setAdding(null)}
        onSaved={(saved) => {
          setContact(saved);
          submit(saved.id);
        }}
      />
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { "data-testid": "new-ticket-modal" } as object }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>{t("newTicketModal.title")}</DialogTitle>
        <DialogContent dividers>
          <Autocomplete<Option>
            options={options}
            value={contact}
            filterOptions={(o) => o}
            getOptionLabel={(o) => ("add" in o ? o.name : `${o.name} - ${o.number}`)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={search.loading}
            noOptionsText={text.trim().length < 3 ? t("newTicketModal.typeMore") : t("common.noRecords")}
            onInputChange={(_, v, reason) => reason !== "reset" && setText(v)}
            onChange={(_, o) => {
              if (o && "add" in o) setAdding(o.name);
              else setContact(o);
            }}
            renderOption={(props, o) => (
              <li
                {...props}
                key={`${o.id}-${o.name}`}
                data-testid={"add" in o ? "new-ticket-add-contact" : `new-ticket-contact-${o.id}`}
              >
                {"add" in o ? t("newTicketModal.add", { name: o.name }) : `${o.name} - ${o.number}`}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={t("newTicketModal.fieldLabel")}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, "data-testid": "new-ticket-contact" },
                  input: {
                    ...params.slotProps.input,
                    endAdornment: (
                      <>
                        {search.loading && <CircularProgress size={18} />}
                        {params.slotProps.input.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
          <QueueSelect
            queues={queues}
            value={queueId}
            onChange={(v) => {
              setQueueId(v);
              setQueueError("");
            }}
            error={queueError}
            testId="new-ticket-queue"
          />
          <ConnectionSelect value={whatsappId} onChange={setWhatsappId} testId="new-ticket-connection" />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} data-testid="new-ticket-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!contact}
            loading={create.isPending}
            data-testid="new-ticket-ok"
          >
            {t("newTicketModal.buttons.ok")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
