/**
 * Plans (core-platform §3 Plan, §2.18 Plans tab, §6 plan gates): what the
 * super user's plan form sends, and which area each plan flag gates.
 */
import { z } from "zod";
import { limits } from "../constants.js";

export const planFlags = [
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof planFlags)[number];

export const planLimitFields = ["users", "connections", "queues"] as const;

/**
 * storageMb: the megabytes of media a company on the plan may keep (issue 29 item 9). 2 GB by
 * default: twenty of the largest files (100 MB) or months of a small team's pictures and documents,
 * while a trial cannot fill a shared disk; at most 1 TB.
 */
export const planLimits = {
  countMax: 100_000,
  valueMax: 1_000_000,
  storageMbDefault: 2048,
  storageMbMax: 1_048_576,
} as const;

interface PlanFeature {
  flag: PlanFlag;
  /** Web routes the feature owns: the menu hides them and PlanGate denies them. */
  pages: readonly string[];
  /** API path prefixes (without /api) whose every route declares `config: { plan: flag }`. */
  api: readonly string[];
}

/**
 * The one map of plan flag → area (core-platform §2.3, §6; business-areas §6).
 * The web menu and PlanGate, and the server's route walk test, all read it, so
 * a later area only has to be listed here once.
 *
 * - useSchedules and useInternalChat gate nothing: the spec's menu always shows
 *   Schedules and Internal chat ("what they hide is not shown").
 * - The external messages API (POST /api/messages/send) authenticates with a
 *   connection token, not a user: its service checks useExternalApi itself.
 * - The "Campaign" flows submenu (/phrase-lists) is not gated (§2.3).
 */
export const planFeatures = {
  kanban: { flag: "useKanban", pages: ["/kanban"], api: ["/ticket/kanban", "/tags/kanban", "/ticket-tags"] },
  campaigns: {
    flag: "useCampaigns",
    pages: ["/campaigns", "/campaign", "/campaigns-config", "/contact-lists"],
    api: ["/campaigns", "/campaign-settings", "/contact-lists", "/contact-list-items"],
  },
  prompts: { flag: "useOpenAi", pages: ["/prompts"], api: ["/prompt"] },
  integrations: { flag: "useIntegrations", pages: ["/queue-integration"], api: ["/queueIntegration"] },
  messagesApi: { flag: "useExternalApi", pages: ["/messages-api"], api: [] },
} as const satisfies Record<string, PlanFeature>;

/** True when `path` is `prefix` itself or lies under it ("/campaigns/3" under "/campaigns", not "/campaignsX"). */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function flagFor(path: string, side: "pages" | "api"): PlanFlag | undefined {
  const features: PlanFeature[] = Object.values(planFeatures);
  return features.find((f) => f[side].some((prefix) => under(path, prefix)))?.flag;
}

/** The plan flag a web route (e.g. "/campaign/:campaignId/report") belongs to, if any. */
export function planFlagForPage(path: string): PlanFlag | undefined {
  return flagFor(path, "pages");
}

/** The plan flag an API route (e.g. "/campaigns/:id", without /api) must declare, if any. */
export function planFlagForApi(url: string): PlanFlag | undefined {
  return flagFor(url, "api");
}

/** Forms send numbers as text; an empty field is missing, not zero. */
const numberField = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().pipe(schema));

const count = numberField(z.number().int().min(0).max(planLimits.countMax));

const planFields = z.object({
  name: z.string().trim().min(limits.nameMin).max(limits.nameMax),
  users: count,
  connections: count,
  queues: count,
  storageMb: numberField(z.number().int().min(0).max(planLimits.storageMbMax)),
  value: numberField(z.number().min(0).max(planLimits.valueMax)).transform((v) => Math.round(v * 100) / 100),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});

const onUnlessSent = z.boolean().optional().default(true);

/** The plan form (core-platform §2.18): limits, monthly value and the feature flags, true unless sent false. */
export const planCreateSchema = planFields
  .extend({
    storageMb: planFields.shape.storageMb.optional().default(planLimits.storageMbDefault),
    useCampaigns: onUnlessSent,
    useSchedules: onUnlessSent,
    useInternalChat: onUnlessSent,
    useExternalApi: onUnlessSent,
    useKanban: onUnlessSent,
    useOpenAi: onUnlessSent,
    useIntegrations: onUnlessSent,
  })
  // The form sends back fields it read (id, timestamps); they are ignored.
  .loose();
export type PlanCreate = z.infer<typeof planCreateSchema>;

/** An edit changes what it sends; a field left out keeps its stored value. */
export const planUpdateSchema = planFields.partial().loose();
export type PlanUpdate = z.infer<typeof planUpdateSchema>;
