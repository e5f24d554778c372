/** The campaign settings page's rules for adding a variable and a stop word (business-areas §2.12, §5). */
import {
  campaignOptOutLimits,
  campaignVariableKeySchema,
  isOptOutReply,
  repeatedVariableKey,
  type CampaignVariable,
} from "@balcao/contracts";

/** Why a new variable cannot be added (an i18n key), or null (§5: no two variables with one key, nor a built-in's). */
export function variableProblem(variables: CampaignVariable[], key: string): string | null {
  if (!campaignVariableKeySchema.safeParse(key).success) return "campaignsConfig.errors.invalidKey";
  if (repeatedVariableKey([...variables, { key }]) !== undefined) return "campaignsConfig.errors.duplicatedKey";
  return null;
}

/** Why a stop word cannot be added (an i18n key and its values), or null. */
export function optOutWordProblem(
  words: readonly string[],
  word: string,
): { key: string; values?: { max: number } } | null {
  const trimmed = word.trim();
  if (trimmed === "") return { key: "campaignsConfig.optOut.errors.empty" };
  if (trimmed.length > campaignOptOutLimits.wordMax) {
    return { key: "campaignsConfig.optOut.errors.tooLong", values: { max: campaignOptOutLimits.wordMax } };
  }
  // Read as the server reads replies: "Parar" and "PARAR!" are one word already there.
  if (isOptOutReply(trimmed, words)) return { key: "campaignsConfig.optOut.errors.duplicated" };
  if (words.length >= campaignOptOutLimits.wordsMax) {
    return { key: "campaignsConfig.optOut.errors.tooMany", values: { max: campaignOptOutLimits.wordsMax } };
  }
  return null;
}
