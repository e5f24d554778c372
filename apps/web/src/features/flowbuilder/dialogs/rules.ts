/**
 * §5 "Block dialogs": the rules of the small dialogs, as pure functions. Each answers
 * null or the i18n key of its message (flowDialogs.errors).
 */
import { answerKeyPattern, flowLimits, isMessageVariable, type FlowConditionOperator } from "@balcao/contracts";

export const errorKey = (key: string) => `flowDialogs.errors.${key}`;

/** Interval: > 0 "Adicione o valor de intervalo", ≤ 120 "Máximo de tempo atingido 120 segundos"; whole seconds. */
export function intervalError(sec: number): string | null {
  if (!Number.isFinite(sec) || sec <= 0) return errorKey("intervalEmpty");
  if (sec > flowLimits.intervalMax) return errorKey("intervalMax");
  if (!Number.isInteger(sec)) return errorKey("wholeNumber");
  return null;
}

/** Randomizer: the slider's 0 is refused with the interval's message; 10–100 in steps of 10. */
export function randomizerError(percent: number): string | null {
  if (!(percent >= flowLimits.randomizerMin)) return errorKey("intervalEmpty");
  if (percent > flowLimits.randomizerMax || percent % flowLimits.randomizerStep !== 0) return errorKey("percent");
  return null;
}

/** §4 answer keys: letters, digits and _ only, never a message variable ({{name}} would mean two things). */
export function answerKeyError(key: string): string | null {
  const trimmed = key.trim();
  if (trimmed === "") return errorKey("required");
  if (trimmed.length > flowLimits.answerKeyMax) return errorKey("tooLong");
  if (!answerKeyPattern.test(trimmed)) return errorKey("answerKeyFormat");
  if (isMessageVariable(trimmed)) return errorKey("answerKeyReserved");
  return null;
}

/** A required text of at most textMax characters. */
export function textError(text: string): string | null {
  if (text.trim() === "") return errorKey("required");
  if (text.length > flowLimits.textMax) return errorKey("tooLong");
  return null;
}

export interface MenuOption {
  number: number;
  value: string;
}

/** Menu: the message and every option need text; at least one option. */
export function menuErrors(message: string, options: MenuOption[]) {
  return {
    message: textError(message),
    options: options.map((o) => textError(o.value)),
    none: options.length === 0 ? errorKey("menuNoOption") : null,
  };
}

export function hasMenuErrors(errors: ReturnType<typeof menuErrors>): boolean {
  return Boolean(errors.message || errors.none || errors.options.some(Boolean));
}

/** Options are numbered 1..n in order (the edge handle of option n is "a" + n). */
export function renumber(options: { value: string }[]): MenuOption[] {
  return options.map((o, i) => ({ number: i + 1, value: o.value }));
}

export type MediaBlock = "img" | "audio" | "video";

/** A media node's data: the stored name, and for audio whether it goes as a voice note. */
export function mediaData(block: MediaBlock, url: string, record: boolean): Record<string, unknown> {
  return block === "audio" ? { url, record } : { url };
}

export interface ConditionValues {
  key: string;
  condition: FlowConditionOperator;
  value: string;
}

/** Condition (ours): a variable name (an answer key or a message variable), and a value unless the operator is
 * empty; greater and less compare numbers, so their value must be one (the server's rule too). */
export function conditionErrors(v: ConditionValues) {
  return { key: conditionKeyError(v.key.trim()), value: conditionValueError(v) };
}

function conditionKeyError(key: string): string | null {
  if (key === "") return errorKey("required");
  if (key.length > flowLimits.answerKeyMax) return errorKey("tooLong");
  return answerKeyPattern.test(key) ? null : errorKey("answerKeyFormat");
}

function conditionValueError({ condition, value }: ConditionValues): string | null {
  if (condition === "empty") return null;
  if (value.trim() === "") return errorKey("conditionValue");
  if (value.length > flowLimits.textMax) return errorKey("tooLong");
  const numeric = condition === "greater" || condition === "less";
  return numeric && !Number.isFinite(Number(value.trim())) ? errorKey("number") : null;
}

/** The node's data {key, condition, value}; an empty-test keeps no value. */
export function conditionData(v: ConditionValues) {
  return { key: v.key.trim(), condition: v.condition, value: v.condition === "empty" ? "" : v.value };
}
