/**
 * The Cloud API webhook envelope (field "messages"): entry[].changes[].value
 * holds contacts, messages and statuses. Only the envelope is checked
 * strictly; message bodies are read field by field, as Meta adds types often.
 */
import { z } from "zod";

const media = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});

const contactCard = z
  .object({
    name: z
      .object({
        formatted_name: z.string().optional(),
        first_name: z.string().optional(),
        last_name: z.string().optional(),
      })
      .loose()
      .optional(),
    phones: z
      .array(
        z.object({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() }).loose(),
      )
      .optional(),
    emails: z.array(z.object({ email: z.string().optional() }).loose()).optional(),
    org: z.object({ company: z.string().optional() }).loose().optional(),
  })
  .loose();

export const cloudMessageSchema = z
  .object({
    id: z.string().min(1),
    from: z.string().min(1),
    timestamp: z.string().optional(),
    type: z.string(),
    context: z.object({ id: z.string().optional(), from: z.string().optional() }).loose().optional(),
    text: z.object({ body: z.string() }).loose().optional(),
    image: media.loose().optional(),
    audio: media.loose().optional(),
    video: media.loose().optional(),
    document: media.loose().optional(),
    sticker: media.loose().optional(),
    location: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        name: z.string().optional(),
        address: z.string().optional(),
      })
      .loose()
      .optional(),
    contacts: z.array(contactCard).optional(),
    reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).loose().optional(),
    button: z.object({ text: z.string().optional(), payload: z.string().optional() }).loose().optional(),
    interactive: z
      .object({
        type: z.string(),
        button_reply: z.object({ id: z.string(), title: z.string() }).loose().optional(),
        list_reply: z
          .object({ id: z.string(), title: z.string(), description: z.string().optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type CloudMessage = z.infer<typeof cloudMessageSchema>;
export type CloudContactCard = z.infer<typeof contactCard>;

export const cloudStatusSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    recipient_id: z.string().optional(),
    errors: z
      .array(
        z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose(),
      )
      .optional(),
  })
  .loose();
export type CloudStatus = z.infer<typeof cloudStatusSchema>;

export const cloudValueSchema = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose().optional(),
    contacts: z
      .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).loose().optional() }).loose())
      .optional(),
    // Parsed one by one: a message of a shape we do not know is skipped, not the whole delivery.
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .loose();
export type CloudValue = z.infer<typeof cloudValueSchema>;

export const cloudWebhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z.array(
    z
      .object({
        id: z.string().optional(),
        changes: z.array(z.object({ field: z.string(), value: cloudValueSchema }).loose()),
      })
      .loose(),
  ),
});
export type CloudWebhook = z.infer<typeof cloudWebhookSchema>;
