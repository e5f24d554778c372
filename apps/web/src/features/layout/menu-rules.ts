/**
 * The side menu of core-platform §2.3 as data: which entries a user sees, in
 * the spec's order. Kept free of React and icons so it can be tested alone.
 */
import { can, type PlanDto, type SettingEntry } from "@balcao/contracts";

export type PlanFlag = keyof Pick<
  PlanDto,
  "useCampaigns" | "useSchedules" | "useInternalChat" | "useExternalApi" | "useKanban" | "useOpenAi" | "useIntegrations"
>;

export type MenuKey =
  | "dashboard"
  | "tickets"
  | "kanban"
  | "quickMessages"
  | "tasks"
  | "contacts"
  | "schedules"
  | "tags"
  | "chats"
  | "helps"
  | "campaignsList"
  | "contactLists"
  | "campaignsConfig"
  | "flowsCampaign"
  | "flowsConversation"
  | "annoucements"
  | "prompts"
  | "queueIntegration"
  | "connections"
  | "files"
  | "queues"
  | "users"
  | "messagesAPI"
  | "financeiro"
  | "settings";

export type GroupKey = "campaigns" | "flows";

export interface MenuLink {
  kind: "link";
  key: MenuKey;
  to: string;
}
export interface MenuGroup {
  kind: "group";
  key: GroupKey;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export interface MenuContext {
  profile: string;
  isSuper: boolean;
  /** The company's plan; undefined or null while unknown, which hides plan-gated entries. */
  plan: Partial<Record<PlanFlag, boolean>> | null | undefined;
  settings: SettingEntry[];
}

export function settingValue(settings: SettingEntry[], key: string): string | undefined {
  return settings.find((s) => s.key === key)?.value;
}

/** Campaigns are also opened by the company setting campaignsEnabled (sign-up sets it). */
export function hasPlanFeature(flag: PlanFlag, plan: MenuContext["plan"], settings: SettingEntry[] = []): boolean {
  if (flag === "useCampaigns" && settingValue(settings, "campaignsEnabled") === "true") return true;
  return plan?.[flag] === true;
}

const link = (key: MenuKey, to: string): MenuLink => ({ kind: "link", key, to });

/** Keeps the entries whose condition holds; `false` entries are dropped. */
const when = <T>(...items: (T | false)[]): T[] => items.filter((i): i is T => i !== false);

export function mainEntries(ctx: MenuContext): MenuLink[] {
  return when(
    can(ctx.profile, "dashboard:view") && link("dashboard", "/"),
    link("tickets", "/tickets"),
    hasPlanFeature("useKanban", ctx.plan) && link("kanban", "/kanban"),
    link("quickMessages", "/quick-messages"),
    link("tasks", "/todolist"),
    link("contacts", "/contacts"),
    link("schedules", "/schedules"),
    link("tags", "/tags"),
    link("chats", "/chats"),
    link("helps", "/helps"),
  );
}

/** null when the Administration section is not shown at all. */
export function adminEntries(ctx: MenuContext): MenuEntry[] | null {
  if (!can(ctx.profile, "drawer-admin-items:view")) return null;
  const feature = (flag: PlanFlag) => hasPlanFeature(flag, ctx.plan, ctx.settings);
  return when<MenuEntry>(
    feature("useCampaigns") && {
      kind: "group",
      key: "campaigns",
      children: [
        link("campaignsList", "/campaigns"),
        link("contactLists", "/contact-lists"),
        link("campaignsConfig", "/campaigns-config"),
      ],
    },
    {
      kind: "group",
      key: "flows",
      children: [link("flowsCampaign", "/phrase-lists"), link("flowsConversation", "/flowbuilders")],
    },
    ctx.isSuper && link("annoucements", "/announcements"),
    feature("useOpenAi") && link("prompts", "/prompts"),
    feature("useIntegrations") && link("queueIntegration", "/queue-integration"),
    link("connections", "/connections"),
    link("files", "/files"),
    link("queues", "/queues"),
    link("users", "/users"),
    feature("useExternalApi") && link("messagesAPI", "/messages-api"),
    link("financeiro", "/financeiro"),
    link("settings", "/settings"),
  );
}

/** The e2e handle of an entry: its route without the slash ("dashboard" for /). */
export function menuTestId(entry: MenuEntry): string {
  if (entry.kind === "group") return `menu-group-${entry.key}`;
  return `menu-item-${entry.to.slice(1) || "dashboard"}`;
}
