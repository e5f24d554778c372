/**
 * The Typebot block's form (§2, §3 "Blocks stored under typebotIntegration", §5): name,
 * urlN8N and typebotSlug required; the queue integration's limits and defaults (§9:
 * typebotExpires 1 minute, typebotDelayMessage 1000 ms). Inputs hold strings; the node
 * keeps numbers, and projectName = name.
 */
import { queueIntegrationDefaults, queueIntegrationLimits } from "@balcao/contracts";
import { z } from "zod";
import { obj, str } from "./read";
import { errorKey } from "./rules";

const required = (max: number) => z.string().trim().min(1, errorKey("required")).max(max, errorKey("tooLong"));
const optional = (max: number) => z.string().trim().max(max, errorKey("tooLong"));
const whole = (max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) <= max), errorKey("number"));

export const typebotFormSchema = z.object({
  name: required(queueIntegrationLimits.nameMax),
  urlN8N: required(queueIntegrationLimits.urlMax).refine(
    (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v),
    errorKey("url"),
  ),
  typebotSlug: required(queueIntegrationLimits.slugMax),
  typebotExpires: whole(queueIntegrationLimits.expiresMax),
  typebotDelayMessage: whole(queueIntegrationLimits.delayMax),
  typebotKeywordFinish: optional(queueIntegrationLimits.keywordMax),
  typebotKeywordRestart: optional(queueIntegrationLimits.keywordMax),
  typebotUnknownMessage: optional(queueIntegrationLimits.messageMax),
  typebotRestartMessage: optional(queueIntegrationLimits.messageMax),
});
export type TypebotFormValues = z.input<typeof typebotFormSchema>;

export const typebotTextFields = [
  "typebotKeywordFinish",
  "typebotKeywordRestart",
  "typebotUnknownMessage",
  "typebotRestartMessage",
] as const;

export function toTypebotForm(data: Record<string, unknown> | undefined): TypebotFormValues {
  const saved = obj(data?.typebotIntegration);
  return {
    name: str(saved.name),
    urlN8N: str(saved.urlN8N),
    typebotSlug: str(saved.typebotSlug),
    typebotExpires: str(saved.typebotExpires, String(queueIntegrationDefaults.typebotExpires)),
    typebotDelayMessage: str(saved.typebotDelayMessage, String(queueIntegrationDefaults.typebotDelayMessage)),
    typebotKeywordFinish: str(saved.typebotKeywordFinish),
    typebotKeywordRestart: str(saved.typebotKeywordRestart),
    typebotUnknownMessage: str(saved.typebotUnknownMessage),
    typebotRestartMessage: str(saved.typebotRestartMessage),
  };
}

const orDefault = (value: string, fallback: number) => (value.trim() === "" ? fallback : Number(value));

/** The node's data; fields of the saved block this dialog does not show are kept. */
export function toTypebotData(values: TypebotFormValues, data: Record<string, unknown> | undefined) {
  const v = typebotFormSchema.parse(values);
  return {
    typebotIntegration: {
      ...obj(data?.typebotIntegration),
      ...v,
      projectName: v.name,
      typebotExpires: orDefault(v.typebotExpires, queueIntegrationDefaults.typebotExpires),
      typebotDelayMessage: orDefault(v.typebotDelayMessage, queueIntegrationDefaults.typebotDelayMessage),
    },
  };
}
