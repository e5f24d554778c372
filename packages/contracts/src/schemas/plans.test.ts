/** The plan-feature map read by the web menu, PlanGate and the server's route walk (core-platform §6). */
import { describe, expect, it } from "vitest";
import { planCreateSchema, planFlagForApi, planFlagForPage } from "./plans.js";

describe("planFeatures", () => {
  it.each([
    ["/kanban", "useKanban"],
    ["/campaigns", "useCampaigns"],
    ["/campaign/:campaignId/report", "useCampaigns"],
    ["/campaigns-config", "useCampaigns"],
    ["/contact-lists/:contactListId/contacts", "useCampaigns"],
    ["/prompts", "useOpenAi"],
    ["/queue-integration", "useIntegrations"],
    ["/messages-api", "useExternalApi"],
  ] as const)("gates the page %s with %s", (path, flag) => {
    expect(planFlagForPage(path)).toBe(flag);
  });

  it.each(["/", "/tickets/:ticketId?", "/schedules", "/chats/:id?", "/phrase-lists", "/settings", "/helps"])(
    "leaves the page %s open to every plan",
    (path) => {
      expect(planFlagForPage(path)).toBeUndefined();
    },
  );

  it("maps API prefixes by whole path segments", () => {
    expect(planFlagForApi("/campaigns/:id/cancel")).toBe("useCampaigns");
    expect(planFlagForApi("/contact-list-items")).toBe("useCampaigns");
    expect(planFlagForApi("/prompt/:id")).toBe("useOpenAi");
    expect(planFlagForApi("/tags/kanban")).toBe("useKanban");
    expect(planFlagForApi("/tags/:id")).toBeUndefined();
    expect(planFlagForApi("/prompts-elsewhere")).toBeUndefined();
    expect(planFlagForApi("/queue")).toBeUndefined();
  });
});

describe("planCreateSchema", () => {
  it("turns every feature on unless it is sent off, and reads numbers typed as text", () => {
    const plan = planCreateSchema.parse({ name: "Pro", users: "3", connections: "1", queues: 2, value: "49.999" });
    expect(plan).toMatchObject({ users: 3, connections: 1, value: 50, useKanban: true, useOpenAi: true });
    expect(
      planCreateSchema.parse({ name: "Pro", users: 1, connections: 1, queues: 1, value: 0, useKanban: false }),
    ).toMatchObject({ useKanban: false, useCampaigns: true });
  });
});
