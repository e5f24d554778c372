/** The dashboard's charts (core-platform §2.15 "Charts", §7.7): tickets per user, per day and per hour. */
import { describe, expect, it } from "vitest";
import { buildTenant } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { dashboardScene } from "../../../test/dashboard-scene.js";

let s: TestServer;
serverPerFile((started) => (s = started));
const { get, ticket, setTimeZone, otherCompanyNoise } = dashboardScene(() => s);

describe("dashboard charts", () => {
  it("counts tickets created in the range per attendant, never another company's even when its companyId is sent", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    const other = await otherCompanyNoise();
    const day = new Date("2026-04-02T15:00:00Z");
    await ticket(c, { status: "open", userId: t.agent.id, createdAt: day });
    await ticket(c, { status: "closed", userId: t.agent.id, createdAt: day });
    await ticket(c, { status: "open", userId: t.admin.id, createdAt: day });
    await ticket(c, { status: "pending", createdAt: day }); // no attendant: not a bar
    await ticket(c, { status: "open", userId: t.admin.id, createdAt: new Date("2026-05-01T15:00:00Z") });
    for (const companyId of [c, other.company.id]) {
      const res = await get(
        t.admin.token,
        `/dashboard/ticketsUsers?initialDate=2026-04-01&finalDate=2026-04-30&companyId=${companyId}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          { nome: t.agent.name, quantidade: 2 },
          { nome: t.admin.name, quantidade: 1 },
        ],
      });
    }
  });

  it("counts per company-local day, or per hour when one day is chosen, with the total", async () => {
    const t = await buildTenant(s);
    const c = t.company.id;
    await otherCompanyNoise();
    await setTimeZone(c, "America/Sao_Paulo");
    // Local 2026-03-09 23:30, 2026-03-09 09:05 (twice) and 2026-03-10 00:10.
    for (const at of ["2026-03-10T02:30:00Z", "2026-03-09T12:05:00Z", "2026-03-09T12:50:00Z", "2026-03-10T03:10:00Z"]) {
      await ticket(c, { status: "pending", createdAt: new Date(at) });
    }
    const days = await get(
      t.admin.token,
      `/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-31&companyId=${c}`,
    );
    expect(days.json()).toEqual({
      data: [
        { data: "2026-03-09", total: 3 },
        { data: "2026-03-10", total: 1 },
      ],
      count: 4,
    });
    const hours = await get(t.admin.token, `/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-09`);
    expect(hours.json()).toEqual({
      data: [
        { horario: 9, total: 2 },
        { horario: 23, total: 1 },
      ],
      count: 3,
    });
  });
});
