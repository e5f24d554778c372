/**
 * The side menu of core-platform §2.3 as data: which entries a user sees, in
 * the spec's order. Kept free of React and icons so it can be tested alone.
 */
import { can, planFlagForPage, type PlanFlag, type SettingEntry } from "@balcao/contracts";

export type { PlanFlag } from "@balcao/contracts";

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
  | "inboundRejections"
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

/**
 * The i18n key of the title of the page each entry opens: the entry's label
 * is that title, so a menu entry and its page cannot be named apart.
 */
export const pageTitleKeys: Record<MenuKey, string> = {
  dashboard: "dashboard.title",
  tickets: "tickets.title",
  kanban: "kanban.title",
  quickMessages: "quickMessages.title",
  tasks: "todo.title",
  contacts: "contacts.title",
  schedules: "schedules.title",
  tags: "tags.title",
  chats: "chat.title",
  helps: "helps.title",
  campaignsList: "campaigns.title",
  contactLists: "contactLists.title",
  campaignsConfig: "campaignsConfig.title",
  flowsCampaign: "phraseCampaigns.title",
  flowsConversation: "flows.title",
  annoucements: "announcements.title",
  inboundRejections: "inboundRejections.title",
  prompts: "prompts.title",
  queueIntegration: "queueIntegration.title",
  connections: "connections.title",
  files: "files.title",
  queues: "queues.title",
  users: "users.title",
  messagesAPI: "messagesAPI.title",
  financeiro: "financeiro.title",
  settings: "settings.title",
};

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

/** Whether the plan opens a page; which flag gates which page is the contracts' planFeatures. */
function planAllows(ctx: MenuContext, to: string): boolean {
  const flag = planFlagForPage(to);
  return !flag || hasPlanFeature(flag, ctx.plan, ctx.settings);
}

/** Keeps the entries whose condition holds; `false` entries are dropped. */
const when = <T>(...items: (T | false)[]): T[] => items.filter((i): i is T => i !== false);

export function mainEntries(ctx: MenuContext): MenuLink[] {
  return when(
    can(ctx.profile, "dashboard:view") && link("dashboard", "/"),
    link("tickets", "/tickets"),
    planAllows(ctx, "/kanban") && link("kanban", "/kanban"),
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
  const allows = (to: string) => planAllows(ctx, to);
  return when<MenuEntry>(
    allows("/campaigns") && {
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
    ctx.isSuper && link("inboundRejections", "/inbound-rejections"),
    allows("/prompts") && link("prompts", "/prompts"),
    allows("/queue-integration") && link("queueIntegration", "/queue-integration"),
    link("connections", "/connections"),
    link("files", "/files"),
    link("queues", "/queues"),
    link("users", "/users"),
    allows("/messages-api") && link("messagesAPI", "/messages-api"),
    link("financeiro", "/financeiro"),
    link("settings", "/settings"),
  );
}

/** The e2e handle of an entry: its route without the slash ("dashboard" for /). */
export function menuTestId(entry: MenuEntry): string {
  if (entry.kind === "group") return `menu-group-${entry.key}`;
  return `menu-item-${entry.to.slice(1) || "dashboard"}`;
}
