/**
 * The Cloud API webhook envelope (field "messages"): entry[].changes[].value
 * holds contacts, messages and statuses. Each level is read on its own
 * (delivery.ts); message bodies are read field by field, as Meta adds types often.
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

/** Meta's error object, on an unsupported message and on a failed status. */
const cloudErrorSchema = z
  .object({
    code: z.number().optional(),
    title: z.string().optional(),
    message: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).loose().optional(),
  })
  .loose();

const orderSchema = z
  .object({
    catalog_id: z.string().optional(),
    text: z.string().optional(),
    product_items: z
      .array(
        z
          .object({
            product_retailer_id: z.string(),
            quantity: z.coerce.number(),
            item_price: z.coerce.number(),
            currency: z.string(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();

/** A number change (`wa_id`, `new_wa_id` before Graph v12) or another account event. */
const systemSchema = z
  .object({
    body: z.string().optional(),
    type: z.string().optional(),
    wa_id: z.string().optional(),
    new_wa_id: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

/** A click-to-WhatsApp ad the message came from. */
export const cloudReferralSchema = z
  .object({
    source_url: z.string().optional(),
    source_type: z.string().optional(),
    source_id: z.string().optional(),
    headline: z.string().optional(),
    body: z.string().optional(),
  })
  .loose();

export const cloudMessageSchema = z
  .object({
    id: z.string().min(1),
    // A customer known only by a business-scoped user id (a username) has from_user_id and no from.
    from: z.string().min(1).optional(),
    from_user_id: z.string().optional(),
    from_parent_user_id: z.string().optional(),
    timestamp: z.string().optional(),
    type: z.string(),
    context: z
      .object({
        id: z.string().optional(),
        from: z.string().optional(),
        forwarded: z.boolean().optional(),
        frequently_forwarded: z.boolean().optional(),
      })
      .loose()
      .optional(),
    // The kinds of kinds.ts: what WhatsApp cannot hand over, orders, number changes, ads.
    errors: z.array(cloudErrorSchema).optional(),
    unsupported: z.object({ type: z.string().optional() }).loose().optional(),
    order: orderSchema.optional(),
    system: systemSchema.optional(),
    // Read apart (kinds.ts): an ad's details that do not parse never cost the customer's message.
    referral: z.unknown().optional(),
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
export type CloudError = z.infer<typeof cloudErrorSchema>;

export const cloudStatusSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    // A customer known by business-scoped user id only: recipient_user_id and no recipient_id.
    recipient_id: z.string().optional(),
    recipient_user_id: z.string().optional(),
    recipient_parent_user_id: z.string().optional(),
    errors: z.array(cloudErrorSchema).optional(),
  })
  .loose();
export type CloudStatus = z.infer<typeof cloudStatusSchema>;

/** A change's value: its lists are read item by item (delivery.ts), so one unreadable item costs only itself. */
export const cloudValueSchema = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose().optional(),
    contacts: z.array(z.unknown()).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
  })
  .loose();
export type CloudValue = z.infer<typeof cloudValueSchema>;

/**
 * The customer a message came from, as `contacts[]` names them: by phone
 * (`wa_id`) and, since WhatsApp usernames, by business-scoped user id
 * (`user_id`, `parent_user_id`, `profile.username`), any of them possibly absent.
 */
export const cloudContactSchema = z
  .object({
    wa_id: z.string().optional(),
    user_id: z.string().optional(),
    parent_user_id: z.string().optional(),
    profile: z.object({ name: z.string().optional(), username: z.string().optional() }).loose().optional(),
  })
  .loose();
export type CloudContact = z.infer<typeof cloudContactSchema>;

export const cloudWebhookSchema = z
  .object({ object: z.literal("whatsapp_business_account"), entry: z.array(z.unknown()) })
  .loose();
export const cloudEntrySchema = z.object({ changes: z.array(z.unknown()) }).loose();
export const cloudChangeSchema = z.object({ field: z.string(), value: z.unknown() }).loose();
