/**
 * The campaign modal's form (business-areas §2.11, §4, §5, §9): its values,
 * what POST/PUT /campaigns receive, and which parts the user may change.
 * Messages are i18n keys, translated where shown.
 */
import {
  campaignConfirmationFields,
  campaignLimits,
  campaignMessageFields,
  isCampaignEditable,
  type CampaignConfirmationField,
  type CampaignDto,
  type CampaignMessageField,
  type CampaignStatus,
} from "@balcao/contracts";
import { z } from "zod";
import { nameField } from "../common/nameField";
import { fromZonedInput, toZonedInput } from "../../app/company-clock";

const m = (key: string) => `campaigns.dialog.form.${key}`;
const message = z.string().max(campaignLimits.messageMax, m("messageLong"));

/** The selects hold an id as text, "" for the 'none' entry (native selects speak strings). */
const selectId = z.string();

export const campaignFormSchema = z.object({
  name: nameField("campaigns.dialog.form"),
  contactListId: selectId,
  tagListId: selectId,
  whatsappId: selectId,
  fileListId: selectId,
  /** A datetime-local value on the company's clock, "" for none. */
  scheduledAt: z.string().refine((v) => v === "" || fromZonedInput(v) !== null, m("dateInvalid")),
  confirmation: z.boolean(),
  message1: message,
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  confirmationMessage1: message,
  confirmationMessage2: message,
  confirmationMessage3: message,
  confirmationMessage4: message,
  confirmationMessage5: message,
});
export type CampaignFormValues = z.infer<typeof campaignFormSchema>;
export type CampaignTextField = CampaignMessageField | CampaignConfirmationField;

const textFields: readonly CampaignTextField[] = [...campaignMessageFields, ...campaignConfirmationFields];
const emptyTexts = Object.fromEntries(textFields.map((f) => [f, ""])) as Record<CampaignTextField, string>;

export const emptyCampaignForm: CampaignFormValues = {
  name: "",
  contactListId: "",
  tagListId: "",
  whatsappId: "",
  fileListId: "",
  scheduledAt: "",
  confirmation: false,
  ...emptyTexts,
};

const idText = (id: number | null) => (id === null ? "" : String(id));

export function toCampaignForm(c: CampaignDto): CampaignFormValues {
  const texts = Object.fromEntries(textFields.map((f) => [f, c[f] ?? ""])) as Record<CampaignTextField, string>;
  return {
    name: c.name,
    contactListId: idText(c.contactListId),
    tagListId: idText(c.tagListId ?? c.tagId),
    whatsappId: idText(c.whatsappId),
    fileListId: idText(c.fileListId),
    scheduledAt: c.scheduledAt ? toZonedInput(c.scheduledAt) : "",
    confirmation: c.confirmation,
    ...texts,
  };
}

/**
 * A datetime-local value as §9 sends scheduledAt: 'YYYY-MM-DD HH:mm:ss', the
 * wall clock it shows, which the server reads on the company's clock too.
 * Rewritten as text: through a browser Date, a time the browser's own zone
 * skips (its DST change) would move.
 */
export function toScheduledAt(local: string): string | null {
  if (fromZonedInput(local) === null) return null;
  const [day, time] = local.split("T") as [string, string];
  return `${day} ${time.length === 5 ? `${time}:00` : time}`;
}

const idOrNull = (text: string) => (text === "" ? null : Number(text));
const textOrNull = (text: string) => (text.trim() === "" ? null : text);

/** What POST and PUT /campaigns receive (§7): every form field, empty ones as null. */
export function toCampaignBody(v: CampaignFormValues) {
  const texts = Object.fromEntries(textFields.map((f) => [f, textOrNull(v[f])])) as Record<
    CampaignTextField,
    string | null
  >;
  return {
    name: v.name.trim(),
    contactListId: idOrNull(v.contactListId),
    tagListId: idOrNull(v.tagListId),
    whatsappId: idOrNull(v.whatsappId),
    fileListId: idOrNull(v.fileListId),
    scheduledAt: toScheduledAt(v.scheduledAt),
    confirmation: v.confirmation,
    ...texts,
  };
}
export type CampaignBody = ReturnType<typeof toCampaignBody>;

/**
 * The list's cancel command for a campaign, named for what it does: §2.11 stops
 * a running campaign; a scheduled one has not started, so it is not "stopped"
 * but its schedule is cancelled (the server takes both), else one due within
 * the hour could only be deleted. Null where neither applies.
 */
export function cancelCommand(status: CampaignStatus): "stop" | "cancelSchedule" | null {
  if (status === "EM_ANDAMENTO") return "stop";
  if (status === "PROGRAMADA") return "cancelSchedule";
  return null;
}

/** What the modal lets the user do with a campaign (§4): a new one is editable. */
export interface CampaignAccess {
  /** Every field may change. */
  editable: boolean;
  /** The message fields may change (also for a CANCELADA campaign). */
  messagesEnabled: boolean;
  /** Save is shown. */
  canSave: boolean;
  /** The title says read-only. */
  readOnly: boolean;
  canRestart: boolean;
  canCancel: boolean;
}

export function campaignAccess(
  campaign: { status: CampaignStatus; scheduledAt: string | null } | undefined,
  now = Date.now(),
): CampaignAccess {
  const editable = !campaign || isCampaignEditable(campaign, now);
  const canceled = campaign?.status === "CANCELADA";
  return {
    editable,
    messagesEnabled: editable || canceled,
    canSave: editable || canceled,
    readOnly: !editable,
    canRestart: canceled,
    canCancel: campaign !== undefined && cancelCommand(campaign.status) !== null,
  };
}

/** The custom variables' and the built-ins' names as messages write them: {nome}. */
export const braced = (key: string) => `{${key}}`;
