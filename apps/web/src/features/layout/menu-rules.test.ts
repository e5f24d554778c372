import { describe, expect, it } from "vitest";
import { adminEntries, mainEntries, menuTestId, type MenuContext } from "./menu-rules";

const allOff = {
  useCampaigns: false,
  useKanban: false,
  useOpenAi: false,
  useIntegrations: false,
  useExternalApi: false,
};
const ctx = (over: Partial<MenuContext>): MenuContext => ({
  profile: "admin",
  isSuper: false,
  plan: allOff,
  settings: [],
  ...over,
});
const ids = (entries: Parameters<typeof menuTestId>[0][] | null) => entries?.map(menuTestId) ?? null;

describe("side menu (core-platform §2.3)", () => {
  it("an agent sees the common entries in order and no Administration section", () => {
    const c = ctx({ profile: "user" });
    expect(ids(mainEntries(c))).toEqual([
      "menu-item-tickets",
      "menu-item-quick-messages",
      "menu-item-todolist",
      "menu-item-contacts",
      "menu-item-schedules",
      "menu-item-tags",
      "menu-item-chats",
      "menu-item-helps",
    ]);
    expect(adminEntries(c)).toBeNull();
  });

  it("an admin without plan extras sees dashboard and the ungated admin entries", () => {
    const c = ctx({});
    expect(ids(mainEntries(c))?.[0]).toBe("menu-item-dashboard");
    expect(ids(adminEntries(c))).toEqual([
      "menu-group-flows",
      "menu-item-connections",
      "menu-item-files",
      "menu-item-queues",
      "menu-item-users",
      "menu-item-financeiro",
      "menu-item-settings",
    ]);
  });

  it("plan flags and the super flag add their entries", () => {
    const plan = { useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useExternalApi: true };
    const c = ctx({ plan, isSuper: true });
    expect(ids(mainEntries(c))).toContain("menu-item-kanban");
    expect(ids(adminEntries(c))).toEqual([
      "menu-group-campaigns",
      "menu-group-flows",
      "menu-item-announcements",
      "menu-item-inbound-rejections",
      "menu-item-prompts",
      "menu-item-queue-integration",
      "menu-item-connections",
      "menu-item-files",
      "menu-item-queues",
      "menu-item-users",
      "menu-item-messages-api",
      "menu-item-financeiro",
      "menu-item-settings",
    ]);
  });

  it("the campaignsEnabled setting opens Campaigns without the plan flag", () => {
    const c = ctx({ settings: [{ key: "campaignsEnabled", value: "true" }] });
    expect(ids(adminEntries(c))?.[0]).toBe("menu-group-campaigns");
  });

  it("an unknown plan hides plan-gated entries", () => {
    expect(ids(mainEntries(ctx({ plan: undefined })))).not.toContain("menu-item-kanban");
  });
});
