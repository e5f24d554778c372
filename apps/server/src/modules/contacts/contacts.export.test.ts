/** contatos.csv (business-areas §2.3, §9) and the import template at /import-contatos.xlsx. */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { csvCell } from "./contacts.csv.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("GET /contacts/export", () => {
  it("streams every contact matching the search as name;number;email, quoted and formula-safe", async () => {
    const t = await buildTenant(s);
    const rows = [
      ...Array.from({ length: 45 }, (_, i) => ({
        Nome: `Client ${String(i).padStart(2, "0")}`,
        Numero: `55819000${String(i).padStart(4, "0")}`,
      })),
      { Nome: 'Client "Quote"; Semi', Numero: "5581911110000", Email: "q@x.com" },
      { Nome: "=HYPERLINK(1)", Numero: "5581922220000" },
      { Nome: "Other person", Numero: "5581933330000" },
    ];
    await s.request({ method: "POST", path: "/contacts/upload", token: t.agent.token, body: rows });
    const res = await s.request({ path: "/contacts/export?searchParam=client", token: t.agent.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="contatos.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("name;number;email");
    // All 46 matches, not one page of 40.
    expect(lines).toHaveLength(1 + 46);
    expect(lines).toContain("Client 00;558190000000;");
    expect(lines).toContain('"Client ""Quote""; Semi";5581911110000;q@x.com');
    const all = await s.request({ path: "/contacts/export", token: t.agent.token });
    expect(all.body).toContain("'=HYPERLINK(1);5581922220000;");
  });

  it("answers 401 without a token", async () => {
    expect((await s.request({ path: "/contacts/export" })).statusCode).toBe(401);
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a;b", '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["=1+1", "'=1+1"],
    ["+55 11", "'+55 11"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["=a;b", `"'=a;b"`],
  ])("%j → %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
});

describe("GET /import-contatos.xlsx", () => {
  it("serves, without a login, a workbook whose first sheet's header row is Nome, Numero, Email", async () => {
    const res = await s.app.inject({ url: "/import-contatos.xlsx" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Nome", "Numero", "Email"]);
    expect(sheet.rowCount).toBe(1);
  });
});
