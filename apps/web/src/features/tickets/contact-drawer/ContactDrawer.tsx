/** The contact drawer (core-platform §2.12). Built in a later step. */
import type { TicketDto } from "@balcao/contracts";

export default function ContactDrawer(props: { ticket: TicketDto; persistent: boolean; onClose: () => void }) {
  void props;
  return null;
}
