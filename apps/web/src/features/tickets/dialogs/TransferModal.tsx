/** The transfer modal (core-platform §2.13). Built in a later step. */
import type { TicketDto } from "@balcao/contracts";

export default function TransferModal({ ticket, onClose }: { ticket: TicketDto; onClose: () => void }) {
  void ticket;
  void onClose;
  return null;
}
