/**
 * The realtime event map of core-platform §7.9. Channel names are built by
 * these functions only, so server and web agree on every spelling.
 */
import type { AuthUser } from "./entities.js";
import type { ContactDto } from "./schemas/contacts.js";
import type { TagListItem } from "./schemas/tags.js";
import type { QueueDto } from "./schemas/queues.js";
import type { AnnouncementDto } from "./schemas/announcements.js";
import type { TicketDto } from "./schemas/tickets.js";
import type { MessageDto } from "./schemas/messages.js";
import type { WhatsappDto, WhatsappSessionDto } from "./schemas/whatsapps.js";
import type { QuickMessageDto } from "./schemas/quick-messages.js";
import type { ScheduleDto } from "./schemas/schedules.js";
import type { FileListDto } from "./schemas/files.js";
import type { ContactListDto, ContactListImportProgress, ContactListItemDto } from "./schemas/contact-lists.js";
import type { CampaignDto } from "./schemas/campaigns.js";
import type { ChatDto, ChatMessageDto } from "./schemas/chats.js";
import type { QueueIntegrationDto } from "./schemas/queue-integrations.js";
import type { FlowSummary } from "./schemas/flows.js";
import type { PromptDto } from "./schemas/prompts.js";

export const channels = {
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  user: (companyId: number) => `company-${companyId}-user`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  payment: (companyId: number) => `company-${companyId}-payment`,
  /** Spelled as the spec's client listens (no dash, "quickemessage"). */
  quickMessage: (companyId: number) => `company${companyId}-quickemessage`,
  /** Spelled as the spec's client listens (no dash). */
  schedule: (companyId: number) => `company${companyId}-schedule`,
  announcement: () => "company-announcement",
  /** File lists (automation-areas §4 "Live updates"). */
  file: (companyId: number) => `company-${companyId}-file`,
  contactList: (companyId: number) => `company-${companyId}-ContactList`,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem`,
  /** business-areas §4: create/update with the record (its report counters too), delete with the id. */
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  /** Queue integrations (automation-areas §4), to the company's administrators only. */
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
  /** AI prompts (automation-areas §4), to the company's administrators only. */
  prompt: (companyId: number) => `company-${companyId}-prompt`,
  /** Flows (issue 18 item 1), to the company's administrators only. */
  flowbuilder: (companyId: number) => `company-${companyId}-flowbuilder`,
} as const;

/** One list's items (business-areas §4): its reload, and its import's progress. */
export const contactListItemsChannel = (companyId: number, contactListId: number) =>
  `company-${companyId}-ContactListItem-${contactListId}`;

export type ChannelName = keyof typeof channels;

/** Channels of one record inside a company (business-areas §4): built from the company and the record's key. */
export const keyedChannels = {
  /** One user's chat list: create, update with the `record`. */
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  /** One chat: new-message with `newMessage` and `chat`, update with `chat`. */
  chatMessages: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
} as const;

export type KeyedChannelName = keyof typeof keyedChannels;

export interface KeyedChannelPayloads {
  chatUser: { action: "create" | "update"; record: ChatDto };
  chatMessages: { action: "new-message" | "update"; chat: ChatDto; newMessage?: ChatMessageDto };
}

/** Payloads by channel. Later areas add theirs here. */
export interface ChannelPayloads {
  ticket: { action: "update" | "delete" | "updateUnread"; ticket?: TicketDto; ticketId?: number };
  appMessage: { action: "create" | "update"; message: MessageDto; ticket?: TicketDto; contact?: TicketDto["contact"] };
  /** "reload": many contacts changed at once (a spreadsheet import); lists refetch instead of upserting each. */
  contact: { action: "update" | "create" | "delete" | "reload"; contact?: ContactDto; contactId?: number };
  whatsapp: { action: "update" | "delete"; whatsapp?: WhatsappDto; whatsappId?: number };
  whatsappSession: { action: "update"; session: WhatsappSessionDto };
  user: { action: "create" | "update" | "delete"; user?: AuthUser; userId?: number };
  auth: { user: { id: number } };
  /**
   * business-areas §4 and core-platform §7.9, to the chat's members only: delete with the `id` (also to
   * members an edit removed); new-message and update with the `chat` (and the `newMessage`).
   */
  chat: { action: "new-message" | "update" | "delete"; chat?: ChatDto; newMessage?: ChatMessageDto; id?: number };
  /** The spec's client listened on 'user' for tags (a noted defect); tags use their own channel. */
  tag: { action: "create" | "update" | "delete"; tag?: TagListItem; tagId?: number };
  queue: { action: "create" | "update" | "delete"; queue?: QueueDto; queueId?: number };
  settings: { action: "update"; setting: { key: string; value: string } };
  /** The company's invoice was paid (verified with the provider): its new due date. */
  payment: { action: "CONCLUIDA"; company: { id: number; dueDate: string }; invoiceId: number };
  /** Platform-wide: every signed-in socket. An inactive record reaches non-super sockets as a delete. */
  announcement: { action: "create" | "update" | "delete"; record?: AnnouncementDto; id?: number };
  quickMessage: { action: "create" | "update" | "delete"; record?: QuickMessageDto; id?: number };
  schedule: { action: "create" | "update" | "delete"; schedule?: ScheduleDto; scheduleId?: number };
  /** The list in `files` (create, update), or its id in `fileId` (delete). */
  file: { action: "create" | "update" | "delete"; files?: FileListDto; fileId?: number };
  contactList: { action: "create" | "update" | "delete"; record?: ContactListDto; id?: number };
  /**
   * "reload": the list's first page after an import (records), to replace what is shown;
   * "import": the import's progress (ours; the spec's client shows no progress).
   */
  contactListItem: {
    action: "create" | "update" | "delete" | "reload" | "import";
    record?: ContactListItemDto;
    id?: number;
    contactListId?: number;
    records?: ContactListItemDto[];
    progress?: ContactListImportProgress;
  };
  campaign: { action: "create" | "update" | "delete"; record?: CampaignDto; id?: number };
  /** automation-areas §4: the integration on create and update, its id on delete (administrators only). */
  queueIntegration: {
    action: "create" | "update" | "delete";
    queueIntegration?: QueueIntegrationDto;
    integrationId?: number;
  };
  /** automation-areas §4: the prompt on create and update, its id on delete (administrators only). */
  prompt: { action: "create" | "update" | "delete"; prompt?: PromptDto; promptId?: number };
  /** Issue 18 item 1: the flow on create and update, its id on delete (administrators only). */
  flowbuilder: { action: "create" | "update" | "delete"; flow?: FlowSummary; flowId?: number };
}

/** Client → server room protocol (§7.9). */
export const roomEvents = {
  joinChatBox: "joinChatBox",
  leaveChatBox: "leaveChatBox",
  joinNotification: "joinNotification",
  leaveNotification: "leaveNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  userStatus: "userStatus",
} as const;

export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  chatBox: (companyId: number, ticketId: number | string) => `company:${companyId}:ticket:${ticketId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  tickets: (companyId: number, status: string) => `company:${companyId}:tickets:${status}`,
  /** The company's administrators (profile admin): what only they may read (prompts, integrations). */
  admins: (companyId: number) => `company:${companyId}:admins`,
  platform: () => "platform",
} as const;
