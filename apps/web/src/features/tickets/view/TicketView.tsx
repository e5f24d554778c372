/** The conversation of one ticket (core-platform §2.9). Built in the next step. */
export default function TicketView({ uuid }: { uuid: string }) {
  return <div data-testid="ticket-view" data-uuid={uuid} />;
}
