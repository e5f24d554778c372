/**
 * Message variables (business-areas §3, SERVER-BEHAVIOUR "Message variables"):
 * written between double curly braces in quick replies, greetings, transfer,
 * completion, out-of-hours and every other automatic text, and rendered by the
 * server in the company's time zone when the message goes out. A name not in
 * this list is left as written.
 */
export const messageVariables = [
  "firstName",
  "name",
  "ms",
  "protocol",
  "hora",
  "date",
  "queue",
  "userName",
  "connection",
] as const;

export type MessageVariable = (typeof messageVariables)[number];

export function isMessageVariable(name: string): name is MessageVariable {
  return (messageVariables as readonly string[]).includes(name);
}
