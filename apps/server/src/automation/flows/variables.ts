/**
 * A flow's texts and conditions over its answers (issue 18 item 5): `{{answerKey}}` is the customer's
 * answer to a question node, and the message variables ({{name}}, {{ms}}, …) render as in every
 * automatic text (message-variables.ts). One pass, so an answer that itself reads "{{ms}}" stays as typed.
 */
import { isMessageVariable, type FlowConditionOperator } from "@balcao/contracts";
import { renderMessage, type MessageVariableInput } from "../message-variables.js";

export type FlowVariables = Record<string, string>;

const variablePattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** `input` undefined leaves the message variables as written (the simulator has no customer). */
export function renderFlowText(template: string, answers: FlowVariables, input?: MessageVariableInput): string {
  if (!template.includes("{{")) return template;
  return template.replace(variablePattern, (whole, name: string) => {
    if (Object.hasOwn(answers, name)) return answers[name]!;
    return input && isMessageVariable(name) ? renderMessage(whole, input) : whole;
  });
}

const comparable = (value: string) => value.trim().toLowerCase();
const numeric = (value: string) => (value.trim() === "" ? NaN : Number(value.trim().replace(",", ".")));

/** A condition node's test: the answer under `key` against `value` (numbers compare as numbers). */
export function conditionHolds(
  answers: FlowVariables,
  key: string,
  operator: FlowConditionOperator | (string & {}),
  value: string,
): boolean {
  const answer = answers[key] ?? "";
  switch (operator) {
    case "equals":
      return comparable(answer) === comparable(value);
    case "contains":
      return comparable(answer).includes(comparable(value));
    case "greater":
    case "less": {
      const [a, b] = [numeric(answer), numeric(value)];
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return operator === "greater" ? a > b : a < b;
    }
    case "empty":
      return answer.trim() === "";
    default:
      return false;
  }
}
