/** The message input (core-platform §2.11). Built in the next step. */
import type { TicketDto } from "@balcao/contracts";

export function MessageInput({ ticket, disabled }: { ticket: TicketDto; disabled: boolean }) {
  void ticket;
  void disabled;
  return null;
}
