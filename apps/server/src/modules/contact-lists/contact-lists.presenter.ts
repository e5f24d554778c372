/** Contact lists and items as the spec's client reads them (business-areas §3). */
import type { ContactListDto, ContactListImportOutcome, ContactListItemDto } from "@balcao/contracts";
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
    lastImport: presentImport(row),
  };
}

function presentImport(row: ListRow): ContactListImportOutcome | null {
  if (!row.importStatus) return null;
  return {
    status: row.importStatus,
    error: row.importError,
    total: row.importTotal,
    imported: row.importImported,
    failed: row.importFailed,
    finishedAt: row.importFinishedAt?.toISOString() ?? null,
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
