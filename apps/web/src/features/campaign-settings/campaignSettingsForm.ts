/** The campaign settings page's rule for adding a variable (business-areas §2.12, §5). */
import { campaignVariableKeySchema, repeatedVariableKey, type CampaignVariable } from "@balcao/contracts";

/** Why a new variable cannot be added (an i18n key), or null (§5: no two variables with one key, nor a built-in's). */
export function variableProblem(variables: CampaignVariable[], key: string): string | null {
  if (!campaignVariableKeySchema.safeParse(key).success) return "campaignsConfig.errors.invalidKey";
  if (repeatedVariableKey([...variables, { key }]) !== undefined) return "campaignsConfig.errors.duplicatedKey";
  return null;
}
