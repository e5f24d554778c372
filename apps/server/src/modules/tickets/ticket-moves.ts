/**
 * What closing writes, shared by the agents' resolve (update-ticket.ts) and
 * the timers' close (timer-moves.ts), so a ticket a timer closed is the same
 * ticket as one an agent closed: for `userId` (the attendant it had, else the
 * closer), with no bot, integration or prompt holding it any more.
 */
export const closedValues = (userId: number | null) => ({
  status: "closed",
  closedAt: new Date(),
  userId,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  chatbot: false,
});
