/**
 * Campaign settings (business-areas §2.12, §3 "Campaign settings", §7, §9):
 * one set per company, stored as entries of a key and a JSON-encoded value.
 */
import { z } from "zod";

/** §9: the options of each interval select, in seconds (longerIntervalAfter counts sends). */
export const campaignIntervalOptions = {
  messageInterval: [0, 5, 10, 15, 20],
  longerIntervalAfter: [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120],
  greaterInterval: [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120],
} as const;

export type CampaignInterval = keyof typeof campaignIntervalOptions;
export const campaignIntervals = Object.keys(campaignIntervalOptions) as CampaignInterval[];

export interface CampaignVariable {
  key: string;
  value: string;
}

export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
  /** Beyond the anchors: replies that opt a recipient out of campaigns (case and accents ignored). */
  optOutWords: string[];
}

export const campaignSettingsDefaults: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutWords: ["SAIR", "PARAR", "STOP"],
};

export const campaignSettingKeys = [
  "messageInterval",
  "longerIntervalAfter",
  "greaterInterval",
  "variables",
  "optOutWords",
] as const;
export type CampaignSettingKey = (typeof campaignSettingKeys)[number];

/** GET /campaign-settings answers one entry per key, its value JSON-encoded. */
export interface CampaignSettingEntry {
  key: CampaignSettingKey;
  value: string;
}

function decoded(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const isVariable = (v: unknown): v is CampaignVariable =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as CampaignVariable).key === "string" &&
  typeof (v as CampaignVariable).value === "string";

/**
 * The settings stored entries (or GET /campaign-settings' answer) hold; a
 * value missing, unreadable or not one of its options counts as its default.
 */
export function campaignSettingsFrom(entries: readonly { key: string; value: string }[]): CampaignSettings {
  const stored = new Map(entries.map((e) => [e.key, decoded(e.value)]));
  const settings: CampaignSettings = {
    ...campaignSettingsDefaults,
    variables: [],
    optOutWords: [...campaignSettingsDefaults.optOutWords],
  };
  for (const name of campaignIntervals) {
    const value = stored.get(name);
    if ((campaignIntervalOptions[name] as readonly unknown[]).includes(value)) settings[name] = value as number;
  }
  const variables = stored.get("variables");
  if (Array.isArray(variables)) {
    settings.variables = variables.filter(isVariable).map(({ key, value }) => ({ key, value }));
  }
  const optOutWords = stored.get("optOutWords");
  if (Array.isArray(optOutWords)) {
    settings.optOutWords = optOutWords.filter((w): w is string => typeof w === "string" && w.trim() !== "");
  }
  return settings;
}

/** The variables every campaign message has already (SERVER-BEHAVIOUR "Message variables"). */
export const campaignBuiltInVariables = ["nome", "numero", "email"] as const;

export const campaignOptOutLimits = { wordMax: 30, wordsMax: 20 } as const;

export const campaignVariableLimits = { keyMax: 50, valueMax: 1_000, max: 100 } as const;

/** Written between single braces in a message: letters, digits, "_" and "-" only. */
export const campaignVariableKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(campaignVariableLimits.keyMax)
  .regex(/^[\p{L}\p{N}_-]+$/u);

/**
 * The first key that repeats an earlier one or a built-in variable's, or
 * undefined (business-areas §5). Case does not count: `{Nome}` and `{nome}`
 * would read alike to the person writing the message.
 */
export function repeatedVariableKey(variables: readonly { key: string }[]): string | undefined {
  const seen = new Set<string>(campaignBuiltInVariables);
  for (const { key } of variables) {
    const folded = key.trim().toLowerCase();
    if (seen.has(folded)) return key;
    seen.add(folded);
  }
  return undefined;
}

const intervalSchema = (name: CampaignInterval) =>
  z.coerce
    .number()
    .int()
    .refine((v) => (campaignIntervalOptions[name] as readonly number[]).includes(v), {
      message: `one of ${campaignIntervalOptions[name].join(", ")}`,
    });

/**
 * POST /campaign-settings {settings}. A setting left out keeps its stored
 * value; duplicate variable keys are refused by the server with
 * ERR_DUPLICATED_CAMPAIGN_VARIABLE (a rule, not a shape).
 */
export const campaignSettingsSaveSchema = z
  .object({
    settings: z
      .object({
        messageInterval: intervalSchema("messageInterval").optional(),
        longerIntervalAfter: intervalSchema("longerIntervalAfter").optional(),
        greaterInterval: intervalSchema("greaterInterval").optional(),
        variables: z
          .array(
            z
              .object({ key: campaignVariableKeySchema, value: z.string().max(campaignVariableLimits.valueMax) })
              .loose(),
          )
          .max(campaignVariableLimits.max)
          .optional(),
        optOutWords: z
          .array(z.string().trim().min(1).max(campaignOptOutLimits.wordMax))
          .max(campaignOptOutLimits.wordsMax)
          .optional(),
      })
      .loose(),
  })
  .loose();
export type CampaignSettingsSave = z.infer<typeof campaignSettingsSaveSchema>["settings"];
