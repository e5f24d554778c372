-- Issue 19: before it, a WhatsApp Web chat known only by its LID ("…@lid", no
-- phone jid beside it) was stored with the LID's digits as the contact's
-- number. Such a contact moves its LID to user_id ("<digits>@lid") and keeps
-- no number; a name that was those digits becomes the user id, so WhatsApp's
-- push name still replaces it. Told from its messages' provider_data (Baileys'
-- raw message): a chat jid or group participant "<number>@lid" with no phone
-- jid beside it, and no message naming "<number>@s.whatsapp.net". The messages
-- are read twice in all (not once per contact): installs with many are fine.
WITH message_jids AS (
  SELECT m.company_id, j.jid, j.alt
  FROM messages m
  CROSS JOIN LATERAL (VALUES
    (m.provider_data -> 'key' ->> 'remoteJid', m.provider_data -> 'key' ->> 'remoteJidAlt'),
    (m.provider_data -> 'key' ->> 'participant', m.provider_data -> 'key' ->> 'participantAlt')) AS j(jid, alt)
  WHERE m.provider_data IS NOT NULL
),
lid_jids AS (
  SELECT DISTINCT company_id, split_part(jid, '@', 1) AS digits FROM message_jids
  WHERE jid LIKE '%@lid' AND coalesce(alt, '') NOT LIKE '%@s.whatsapp.net'
),
phone_jids AS (
  SELECT DISTINCT company_id, split_part(jid, '@', 1) AS digits FROM message_jids WHERE jid LIKE '%@s.whatsapp.net'
),
lid_only AS (
  SELECT c.id, c.number || '@lid' AS lid
  FROM contacts c
  JOIN lid_jids l ON l.company_id = c.company_id AND l.digits = c.number
  WHERE c.number <> '' AND c.user_id IS NULL AND NOT c.is_group
    AND NOT EXISTS (SELECT 1 FROM phone_jids p WHERE p.company_id = c.company_id AND p.digits = c.number)
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
