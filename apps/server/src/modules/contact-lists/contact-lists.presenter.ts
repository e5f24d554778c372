/** Contact lists and items as the spec's client reads them (business-areas §3). */
import type { ContactListDto, ContactListItemDto } from "@balcao/contracts";
import type { contactListItems, contactLists } from "../../db/schema/index.js";

type ListRow = typeof contactLists.$inferSelect;
type ItemRow = typeof contactListItems.$inferSelect;

export function presentContactList(row: ListRow, contactsCount: number): ContactListDto {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    contactsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentContactListItem(row: ItemRow): ContactListItemDto {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
