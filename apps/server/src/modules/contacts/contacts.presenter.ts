/** The contact as the spec's client reads it (business-areas §3 Contact, core-platform §3 Contact). */
import type { ContactDetail, ContactDto, ContactExtraInfo } from "@balcao/contracts";
import type { contacts } from "../../db/schema/index.js";

type ContactRow = typeof contacts.$inferSelect;

export function presentContact(row: ContactRow): ContactDto {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    userId: row.userId,
    username: row.username,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    companyId: row.companyId,
    whatsappId: row.whatsappId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** With its extra info and source connection ({name}, or null when it has none). */
export function presentContactDetail(
  row: ContactRow,
  extraInfo: ContactExtraInfo[],
  whatsapp: { name: string } | null,
): ContactDetail {
  return { ...presentContact(row), extraInfo, whatsapp };
}
