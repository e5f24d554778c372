/**
 * The new-ticket modal (core-platform §2.13, §5, §8.2): a contact
 * autocomplete from 3 characters with "Add {text}" (the contacts area's
 * modal; saving it creates the ticket), the queue (admins all, others their
 * own; auto-selected when only one), the connection (default the user's),
 * and the outcomes: ERR_OTHER_OPEN_TICKET, a ticket held by another
 * attendant, or the new ticket opens.
 */
import { useEffect, useState } from "react";
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
import { QueueSelect, useQueueChoice } from "./QueueChoice";
import { SearchAutocomplete } from "./SearchAutocomplete";
import { TicketDialog } from "./TicketDialog";
import { useContactSearch } from "./useSearchOptions";

type Option = ContactDto | { id: 0; name: string; add: true };

/** "Name - number"; a contact WhatsApp gave no number for shows its @username instead, if it has one. */
function contactLabel(c: ContactDto): string {
  const handle = c.number || (c.username ? `@${c.username}` : "");
  return handle && handle !== c.name ? `${c.name} - ${handle}` : c.name;
}

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
  const queue = useQueueChoice();
  const [whatsappId, setWhatsappId] = useState<number | "">(user?.whatsappId ?? "");
  const search = useContactSearch(text);
  const companyQueues = useQueueOptions(isAdmin);
  const queues = isAdmin ? (companyQueues.data ?? []) : (user?.queues ?? []);

  useEffect(() => {
    if (companyQueues.isError) toast.error(t("newTicketModal.searchQueueError"));
  }, [companyQueues.isError, t]);
  // A single queue is chosen for the user.
  const onlyQueue = queues.length === 1 ? queues[0]?.id : undefined;
  const { choose } = queue;
  useEffect(() => {
    if (onlyQueue !== undefined) choose(onlyQueue);
  }, [onlyQueue, choose]);

  const create = useMutation({
    mutationFn: (contactId: number) =>
      api.post<TicketDto>("/tickets", {
        contactId,
        queueId: queue.queueId === "" ? null : queue.queueId,
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
    if (!isAdmin && queue.missing(t("newTicketModal.selectQueue"))) return;
    create.mutate(contactId);
  };

  const options: Option[] = [...search.contacts];
  // A contact chosen beforehand (from the contacts page) stays a known option.
  if (contact && !options.some((o) => o.id === contact.id)) options.unshift(contact);
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
    <TicketDialog
      testId="new-ticket"
      title={t("newTicketModal.title")}
      okLabel={t("newTicketModal.buttons.ok")}
      pending={create.isPending}
      okDisabled={!contact}
      onSubmit={() => contact && submit(contact.id)}
      onClose={onClose}
    >
      <SearchAutocomplete<Option>
        label={t("newTicketModal.fieldLabel")}
        text={text}
        onText={setText}
        options={options}
        value={contact}
        onChange={(o) => {
          if (o && "add" in o) setAdding(o.name);
          else setContact(o);
        }}
        loading={search.loading}
        optionLabel={(o) => ("add" in o ? o.name : contactLabel(o))}
        renderOption={(o) => ("add" in o ? t("newTicketModal.add", { name: o.name }) : contactLabel(o))}
        optionTestId={(o) => ("add" in o ? "new-ticket-add-contact" : `new-ticket-contact-${o.id}`)}
        testId="new-ticket-contact"
      />
      <QueueSelect choice={queue} queues={queues} testId="new-ticket-queue" />
      <ConnectionSelect value={whatsappId} onChange={setWhatsappId} testId="new-ticket-connection" />
    </TicketDialog>
  );
}
