/**
 * Contact lists in tests: a list made through the API as the page makes it,
 * a spreadsheet built with exceljs as a user's program saves it, and the
 * upload sent as real multipart over HTTP (field `file`).
 */
import type { ContactListDto, ContactListItemDto } from "@balcao/contracts";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { TestServer } from "./harness.js";

export async function createList(
  s: TestServer,
  token: string,
  name = `List ${Math.random().toString(36).slice(2, 8)}`,
) {
  const res = await s.request({ method: "POST", path: "/contact-lists", token, body: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContactListDto>();
}

export async function addItem(s: TestServer, token: string, contactListId: number, body: Record<string, unknown>) {
  return s.request({
    method: "POST",
    path: "/contact-list-items",
    token,
    body: { name: "Maria Silva", email: "", contactListId, ...body },
  });
}

/** An .xlsx whose first sheet holds these rows (the first is the header, if the test gives one). */
export async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function uploadSheet(s: TestServer, token: string, listId: number, data: Buffer, name = "contatos.xlsx") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return fetch(`${s.url}/api/contact-lists/${listId}/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

export async function itemsOf(s: TestServer, token: string, listId: number, query = "") {
  const res = await s.request({ path: `/contact-list-items?contactListId=${listId}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contacts: ContactListItemDto[]; hasMore: boolean; count: number }>();
}

/** The list's last import as GET /contact-lists/{id} shows it, checked equal to its row in GET /contact-lists. */
export async function lastImportOf(s: TestServer, token: string, listId: number) {
  const one = await s.request({ path: `/contact-lists/${listId}`, token });
  expect(one.statusCode, one.body).toBe(200);
  const page = await s.request({ path: "/contact-lists", token });
  expect(page.statusCode, page.body).toBe(200);
  const row = page.json<{ records: ContactListDto[] }>().records.find((r) => r.id === listId);
  const shown = one.json<ContactListDto>().lastImport;
  expect(row?.lastImport, "the list page shows what the list's own route does").toEqual(shown);
  return shown;
}
