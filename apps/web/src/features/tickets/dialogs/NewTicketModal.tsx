/** The new-ticket modal (core-platform §2.13). Built in a later step. */
export default function NewTicketModal({ onClose }: { onClose: () => void }) {
  void onClose;
  return null;
}
