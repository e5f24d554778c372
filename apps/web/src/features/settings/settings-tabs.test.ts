import { settingKeys } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { visibleOptionKeys, visibleTabs } from "./settings-tabs";

describe("visibleTabs", () => {
  it("shows a company admin Options, and Schedules only while hours are kept by company", () => {
    expect(visibleTabs(false, true, "disabled")).toEqual(["options"]);
    expect(visibleTabs(false, true, "queue")).toEqual(["options"]);
    expect(visibleTabs(false, true, "company")).toEqual(["options", "schedules"]);
  });

  it("adds Companies, Plans and Help for super users only", () => {
    expect(visibleTabs(true, true, "company")).toEqual(["options", "schedules", "companies", "plans", "helps"]);
  });

  it("keeps the hours editor from agents, who cannot save it", () => {
    expect(visibleTabs(false, false, "company")).toEqual(["options"]);
  });
});

describe("visibleOptionKeys", () => {
  it("hides the payment token and campaignsEnabled from everyone but super users", () => {
    expect(visibleOptionKeys(true)).toEqual(settingKeys);
    const admin = visibleOptionKeys(false);
    expect(admin).not.toContain("asaas");
    expect(admin).not.toContain("campaignsEnabled");
    expect(admin).toContain("timezone");
    expect(admin).toContain("panelUrl");
  });
});
