/**
 * The chat modal's form (business-areas §5 "Internal chat"): a title and at
 * least one user, each missing one refused with the spec's alert text.
 * Messages are i18n keys, translated where shown.
 */
import { chatLimits, type ChatDto, type ChatSave } from "@balcao/contracts";
import { z } from "zod";

export const chatFormSchema = z.object({
  title: z.string().trim().min(1, "chat.toasts.fillTitle").max(chatLimits.titleMax, "validation.tooLong"),
  users: z.array(z.object({ id: z.number(), name: z.string() })).min(1, "chat.toasts.fillUser"),
});
export type ChatFormValues = z.infer<typeof chatFormSchema>;

export const emptyChatForm: ChatFormValues = { title: "", users: [] };

/** The picker lists the other members: the owner is one whatever the picker holds. */
export function toChatForm(chat: ChatDto): ChatFormValues {
  return {
    title: chat.title,
    users: chat.users.filter((u) => u.userId !== chat.ownerId).map((u) => ({ id: u.userId, name: u.user.name })),
  };
}

/** POST/PUT /chats: {users[{id, name}], title} (§7). */
export function toChatBody(values: ChatFormValues): ChatSave {
  return { title: values.title.trim(), users: values.users };
}

/** The first refusal's text key, in the order the form shows the fields: the alert of §8. */
export function firstAlert(errors: Partial<Record<keyof ChatFormValues, { message?: string }>>): string | undefined {
  return errors.title?.message ?? errors.users?.message;
}
