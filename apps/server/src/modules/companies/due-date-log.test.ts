/**
 * Besides a confirmed payment, only a super user's hand moves a company's due
 * date (PUT /companies/{id}, the companies screen): it stays, and it is logged
 * with who did it (issue 14 item 6).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN, type TestServer } from "../../../test/harness.js";
import { buildCompany, buildTenant, login } from "../../../test/factories.js";
import { serverPerFile } from "../../../test/server-per-file.js";

let s: TestServer;
const lines: string[] = [];
serverPerFile(
  (started) => (s = started),
  { LOG_LEVEL: "info" },
  { logDestination: { write: (l: string) => void lines.push(l) } },
);
beforeEach(() => {
  lines.length = 0;
});

const dueDateLines = () =>
  lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === "company due date set by a super user");

describe("a super user's manual due date", () => {
  it("is saved and logged with the old and new dates and who set them", async () => {
    const company = await buildCompany(s, { dueDate: "2030-01-10" });
    const superAdmin = await login(s, ADMIN.email, ADMIN.password);
    const res = await s.request({
      method: "PUT",
      path: `/companies/${company.id}`,
      token: superAdmin.token,
      body: { dueDate: "2030-02-10" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dueDate).toBe("2030-02-10");
    expect(dueDateLines()).toEqual([
      expect.objectContaining({
        companyId: company.id,
        from: "2030-01-10",
        to: "2030-02-10",
        byUserId: (superAdmin.body as { user: { id: number } }).user.id,
      }),
    ]);
  });

  it("is not logged when the form is saved with the same date, and an admin cannot set it at all", async () => {
    const company = await buildCompany(s, { dueDate: "2030-01-10" });
    const superAdmin = await login(s, ADMIN.email, ADMIN.password);
    await s.request({
      method: "PUT",
      path: `/companies/${company.id}`,
      token: superAdmin.token,
      body: { dueDate: "2030-01-10" },
    });
    const t = await buildTenant(s);
    const refused = await s.request({
      method: "PUT",
      path: `/companies/${t.company.id}`,
      token: t.admin.token,
      body: { dueDate: "2099-12-31" },
    });
    expect(refused.statusCode).toBe(403);
    expect(dueDateLines()).toEqual([]);
  });
});
