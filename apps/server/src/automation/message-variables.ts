/**
 * The one renderer of message variables (business-areas §3, SERVER-BEHAVIOUR
 * "Message variables") for every text the customer receives: quick replies
 * and agents' texts, greetings, menus, transfer, completion, out-of-hours,
 * expiry and rating messages. Pure: the caller gives what it read
 * (ticket-variables.ts reads it for a ticket).
 *
 *   renderMessage("{{ms}}, {{firstName}}!", { contactName: "Ana Lima", ticketId: 7,
 *     timeZone: "America/Sao_Paulo", now: new Date() })  → "Bom dia, Ana!"
 *
 * `{{ name }}` with spaces counts; an unknown `{{x}}` stays as written; values
 * are put in once (a contact named "{{ms}}" is not rendered again).
 */
import { isMessageVariable, type MessageVariable } from "@balcao/contracts";
import { localTime, type LocalTime } from "./zoned-clock.js";

export interface MessageVariableInput {
  contactName: string;
  ticketId: number;
  /** The company's `timezone` setting. */
  timeZone: string;
  now: Date;
  queueName?: string | null;
  /** The attendant (the agent sending, or the ticket's). */
  userName?: string | null;
  connectionName?: string | null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** Bom dia 06:00–11:59, Boa tarde 12:00–17:59, Boa noite 18:00–23:59, Boa madrugada 00:00–05:59 (local hour). */
export function greetingFor(hour: number): string {
  if (hour < 6) return "Boa madrugada";
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

function valueOf(name: MessageVariable, input: MessageVariableInput, t: LocalTime): string {
  switch (name) {
    case "name":
      return input.contactName;
    case "firstName":
      return input.contactName.trim().split(/\s+/)[0] ?? "";
    case "ms":
      return greetingFor(t.hour);
    case "protocol":
      return `${t.year}${two(t.month)}${two(t.day)}${two(t.hour)}${two(t.minute)}${two(t.second)}${input.ticketId}`;
    case "hora":
      return `${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
    case "date":
      return `${two(t.day)}/${two(t.month)}/${t.year}`;
    case "queue":
      return input.queueName ?? "";
    case "userName":
      return input.userName ?? "";
    case "connection":
      return input.connectionName ?? "";
  }
}

const variablePattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** True when the text names at least one known variable (callers may skip reading the ticket otherwise). */
export function hasMessageVariables(text: string): boolean {
  for (const [, name] of text.matchAll(variablePattern)) if (isMessageVariable(name!)) return true;
  return false;
}

export function renderMessage(text: string, input: MessageVariableInput): string {
  if (!text.includes("{{")) return text;
  const local = localTime(input.now, input.timeZone);
  return text.replace(variablePattern, (whole, name: string) =>
    isMessageVariable(name) ? valueOf(name, input, local) : whole,
  );
}
