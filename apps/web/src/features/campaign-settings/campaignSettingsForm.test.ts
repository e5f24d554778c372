import { describe, expect, it } from "vitest";
import { campaignSettingsFrom } from "@balcao/contracts";
import { optOutWordProblem, variableProblem } from "./campaignSettingsForm";

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
      optOutWords: ["SAIR", "PARAR", "STOP"],
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

describe("the opt-out words", () => {
  it("adds a word unless it is empty, too long, already there (as a reply would read it) or one too many", () => {
    const words = ["SAIR", "PARAR", "STOP"];
    expect(optOutWordProblem(words, "cancelar")).toBeNull();
    expect(optOutWordProblem(words, "  ")?.key).toBe("campaignsConfig.optOut.errors.empty");
    expect(optOutWordProblem(words, "x".repeat(31))).toEqual({
      key: "campaignsConfig.optOut.errors.tooLong",
      values: { max: 30 },
    });
    expect(optOutWordProblem(words, "Parar!")?.key).toBe("campaignsConfig.optOut.errors.duplicated");
    const full = Array.from({ length: 20 }, (_, i) => `w${i}`);
    expect(optOutWordProblem(full, "mais")).toEqual({
      key: "campaignsConfig.optOut.errors.tooMany",
      values: { max: 20 },
    });
  });
});
