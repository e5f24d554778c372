-- Issue 19: before it, a WhatsApp Web chat known only by its LID ("…@lid", no
-- phone jid beside it) was stored with the LID's digits as the contact's
-- number. Such a contact moves its LID to user_id ("<digits>@lid") and keeps
-- no number; a name that was those digits becomes the user id, so WhatsApp's
-- push name still replaces it. Told from its messages' provider_data (Baileys'
-- raw message): a chat jid or group participant "<number>@lid" with no phone
-- jid beside it, and no message naming "<number>@s.whatsapp.net".
WITH lid_only AS (
  SELECT c.id, c.number || '@lid' AS lid
  FROM contacts c
  WHERE c.number <> '' AND c.user_id IS NULL AND NOT c.is_group
    AND EXISTS (
      SELECT 1 FROM messages m
      WHERE m.company_id = c.company_id AND (
        (m.provider_data -> 'key' ->> 'remoteJid' = c.number || '@lid'
          AND coalesce(m.provider_data -> 'key' ->> 'remoteJidAlt', '') NOT LIKE '%@s.whatsapp.net')
        OR (m.provider_data -> 'key' ->> 'participant' = c.number || '@lid'
          AND coalesce(m.provider_data -> 'key' ->> 'participantAlt', '') NOT LIKE '%@s.whatsapp.net')))
    AND NOT EXISTS (
      SELECT 1 FROM messages m
      WHERE m.company_id = c.company_id
        AND (m.provider_data -> 'key' ->> 'remoteJid' = c.number || '@s.whatsapp.net'
          OR m.provider_data -> 'key' ->> 'participant' = c.number || '@s.whatsapp.net'))
    AND NOT EXISTS (
      SELECT 1 FROM contacts other WHERE other.company_id = c.company_id AND other.user_id = c.number || '@lid')
)
UPDATE contacts SET
  user_id = lid_only.lid,
  name = CASE WHEN contacts.name = contacts.number THEN lid_only.lid ELSE contacts.name END,
  number = '',
  updated_at = now()
FROM lid_only
WHERE contacts.id = lid_only.id;
