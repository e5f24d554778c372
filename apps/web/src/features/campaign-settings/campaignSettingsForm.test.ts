import { describe, expect, it } from "vitest";
import { campaignSettingsFrom } from "@balcao/contracts";
import { variableProblem } from "./campaignSettingsForm";

describe("campaign settings form", () => {
  it("reads the entries' JSON values, and the defaults where a value is missing or not an option", () => {
    expect(
      campaignSettingsFrom([
        { key: "messageInterval", value: "5" },
        { key: "greaterInterval", value: "7" },
        { key: "variables", value: '[{"key":"cupom","value":"PAO10"}]' },
      ]),
    ).toEqual({
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: "cupom", value: "PAO10" }],
    });
  });

  it("adds a variable only when no other has its key", () => {
    const variables = [{ key: "cupom", value: "PAO10" }];
    expect(variableProblem(variables, "empresa")).toBeNull();
    expect(variableProblem(variables, "Cupom")).toBe("campaignsConfig.errors.duplicatedKey");
    expect(variableProblem(variables, "nome")).toBe("campaignsConfig.errors.duplicatedKey");
    expect(variableProblem(variables, "meu cupom")).toBe("campaignsConfig.errors.invalidKey");
    expect(variableProblem(variables, "")).toBe("campaignsConfig.errors.invalidKey");
  });
});
