/**
 * Ratings (SERVER-BEHAVIOUR "Timers" → Rating, issue 11 item 5). Pure:
 *
 * On close — `closingPlan(...)`: the connection's completion message, then,
 * with `userRating` enabled, for a ticket an attendant held and not a group,
 * the rating question; the ticket then waits for the answer (keep it active
 * with `ratingAsks: 1`; tickets.rating_asks > 0 and not closed = waiting).
 *
 * On each customer reply while waiting — `readRatingReply(asks, text)`:
 *   1–3 → store `rate` for the ticket's attendant (user_ratings) and close;
 *   anything else → the question again, at most twice (asks 1 → 2 → 3),
 *   then close without a rating.
 * Texts may hold message variables: the sender renders them for the ticket.
 */
export const ratingScale = "*1* - Insatisfeito, *2* - Satisfeito, *3* - Muito Satisfeito";

/** The question is asked once and repeated at most this many times. */
export const ratingRepeatsMax = 2;

const defaultQuestion = "Por favor, avalie o nosso atendimento:";

/** The connection's rating message (a default when it has none) followed by the scale. */
export function ratingQuestion(ratingMessage: string): string {
  return `${ratingMessage.trim() || defaultQuestion}\n\n${ratingScale}`;
}

export interface ClosingInput {
  /** The company's `userRating` setting. */
  userRating: string;
  isGroup: boolean;
  /** The attendant the rating would be for (the ticket's user after the close). */
  userId: number | null;
  /** Times the question was already sent on this ticket. */
  ratingAsks: number;
  complationMessage: string;
  ratingMessage: string;
}

export interface ClosingPlan {
  /** To send, in order. */
  texts: string[];
  /** true: set ratingAsks 1 and keep the ticket waiting for the answer; false: close it now. */
  askRating: boolean;
}

export function closingPlan(input: ClosingInput): ClosingPlan {
  // Groups get no automatic messages (as the accept greeting).
  if (input.isGroup) return { texts: [], askRating: false };
  const texts = input.complationMessage.trim() ? [input.complationMessage] : [];
  const askRating = input.userRating === "enabled" && input.userId !== null && input.ratingAsks === 0;
  return { texts: askRating ? [...texts, ratingQuestion(input.ratingMessage)] : texts, askRating };
}

export type RatingReply =
  | { kind: "rate"; rate: 1 | 2 | 3 }
  | { kind: "askAgain"; text: string; ratingAsks: number }
  | { kind: "closeWithoutRating" };

/** "3", " 3 ", "*3*", "3." count; "10", "nota 3" or "3 estrelas" do not. */
export function parseRate(text: string): 1 | 2 | 3 | undefined {
  const digit = /^[\s*_]*([1-3])[\s*_.!]*$/.exec(text)?.[1];
  return digit ? (Number(digit) as 1 | 2 | 3) : undefined;
}

/** `asks`: times the question was sent so far (1 after the close). */
export function readRatingReply(asks: number, text: string, ratingMessage: string): RatingReply {
  const rate = parseRate(text);
  if (rate) return { kind: "rate", rate };
  if (asks <= ratingRepeatsMax) return { kind: "askAgain", text: ratingQuestion(ratingMessage), ratingAsks: asks + 1 };
  return { kind: "closeWithoutRating" };
}
