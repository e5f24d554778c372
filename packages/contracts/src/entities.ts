/** Entity shapes as the spec's client reads them (core-platform §3). */
import type { Profile } from "./permissions.js";
import type { Recurrence } from "./constants.js";
import type { WeekdayHours } from "./schemas/queues.js";

export interface SettingEntry {
  key: string;
  value: string;
}

export interface PlanDto {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  /** The media a company on the plan may keep, in megabytes (ERR_PLAN_LIMIT_REACHED {limit: "storage"} past it). */
  storageMb: number;
  value: number;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

export interface CompanyDto {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  createdAt: string;
  settings: SettingEntry[];
  /** The company's business hours (used when the setting scheduleType is "company"), Monday to Sunday. */
  schedules: WeekdayHours[];
  plan?: PlanDto | null;
  /** The bytes of media the company keeps (every file in its folder: uploads and customers' media alike). */
  storageUsedBytes: number;
  /**
   * How many of its automatic sends and turns (schedules, campaigns, bot, AI, flows, integrations,
   * timers) are paused, kept while it is switched off or expired; they go when it works again.
   */
  pausedWork: number;
}

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  companyId: number;
  whatsappId: number | null;
  allTicket: "enabled" | "desabled";
  language: string | null;
  online: boolean;
  queues: QueueRef[];
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    settings: SettingEntry[];
  };
}

export interface LoginResponse {
  token: string;
  user: AuthUser;
}
