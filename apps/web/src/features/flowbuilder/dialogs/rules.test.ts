import { describe, expect, it } from "vitest";
import {
  answerKeyError,
  conditionData,
  conditionErrors,
  hasMenuErrors,
  intervalError,
  mediaData,
  menuErrors,
  randomizerError,
  renumber,
} from "./rules";

const e = (key: string) => `flowDialogs.errors.${key}`;

describe("interval dialog (§5)", () => {
  it("refuses 0 and less with 'Adicione o valor de intervalo', more than 120 with the maximum message", () => {
    expect(intervalError(0)).toBe(e("intervalEmpty"));
    expect(intervalError(-3)).toBe(e("intervalEmpty"));
    expect(intervalError(Number.NaN)).toBe(e("intervalEmpty"));
    expect(intervalError(121)).toBe(e("intervalMax"));
    expect(intervalError(2.5)).toBe(e("wholeNumber"));
  });
  it("takes 1 to 120 seconds", () => {
    expect(intervalError(1)).toBeNull();
    expect(intervalError(120)).toBeNull();
  });
});

describe("randomizer dialog (§5)", () => {
  it("refuses the slider's 0 with the interval's message, and anything off the 10-step scale", () => {
    expect(randomizerError(0)).toBe(e("intervalEmpty"));
    expect(randomizerError(15)).toBe(e("percent"));
    expect(randomizerError(110)).toBe(e("percent"));
  });
  it("takes 10 to 100 in steps of 10", () => {
    for (const p of [10, 50, 100]) expect(randomizerError(p)).toBeNull();
  });
});

describe("question answerKey (§4, issue 18)", () => {
  it("is required and takes letters, digits and _ only", () => {
    expect(answerKeyError("  ")).toBe(e("required"));
    expect(answerKeyError("cpf do cliente")).toBe(e("answerKeyFormat"));
    expect(answerKeyError("e-mail")).toBe(e("answerKeyFormat"));
    expect(answerKeyError("endereço")).toBe(e("answerKeyFormat"));
    expect(answerKeyError("cpf_2")).toBeNull();
  });
  it("is never a message variable's name, which {{…}} already renders", () => {
    expect(answerKeyError("name")).toBe(e("answerKeyReserved"));
    expect(answerKeyError("firstName")).toBe(e("answerKeyReserved"));
    expect(answerKeyError("protocol")).toBe(e("answerKeyReserved"));
    expect(answerKeyError("nome")).toBeNull();
  });
  it("is at most 60 characters", () => {
    expect(answerKeyError("a".repeat(61))).toBe(e("tooLong"));
  });
});

describe("menu dialog", () => {
  it("needs the message, an option, and text in every option", () => {
    const errors = menuErrors(" ", [
      { number: 1, value: "Vendas" },
      { number: 2, value: "" },
    ]);
    expect(errors).toEqual({ message: e("required"), options: [null, e("required")], none: null });
    expect(hasMenuErrors(errors)).toBe(true);
    expect(menuErrors("Escolha", []).none).toBe(e("menuNoOption"));
    expect(hasMenuErrors(menuErrors("Escolha", [{ number: 1, value: "Vendas" }]))).toBe(false);
  });
  it("numbers the options 1..n in order (their outputs are a1, a2…)", () => {
    expect(renumber([{ value: "x" }, { value: "y" }])).toEqual([
      { number: 1, value: "x" },
      { number: 2, value: "y" },
    ]);
  });
});

describe("media node data (§3)", () => {
  it("keeps record for audio only", () => {
    expect(mediaData("audio", "a.ogg", true)).toEqual({ url: "a.ogg", record: true });
    expect(mediaData("img", "a.jpg", true)).toEqual({ url: "a.jpg" });
    expect(mediaData("video", "a.mp4", false)).toEqual({ url: "a.mp4" });
  });
});

describe("condition dialog", () => {
  it("needs a variable name and, except for empty, a value; greater and less a number", () => {
    expect(conditionErrors({ key: "", condition: "equals", value: "" })).toEqual({
      key: e("required"),
      value: e("conditionValue"),
    });
    expect(conditionErrors({ key: "cidade natal", condition: "empty", value: "" })).toEqual({
      key: e("answerKeyFormat"),
      value: null,
    });
    expect(conditionErrors({ key: "idade", condition: "greater", value: "dezoito" }).value).toBe(e("number"));
    expect(conditionErrors({ key: "idade", condition: "less", value: " 18 " }).value).toBeNull();
    expect(conditionErrors({ key: "firstName", condition: "contains", value: "Ana" })).toEqual({
      key: null,
      value: null,
    });
  });
  it("saves {key, condition, value}, without a value for empty", () => {
    expect(conditionData({ key: " idade ", condition: "greater", value: "17" })).toEqual({
      key: "idade",
      condition: "greater",
      value: "17",
    });
    expect(conditionData({ key: "cpf", condition: "empty", value: "old" })).toEqual({
      key: "cpf",
      condition: "empty",
      value: "",
    });
  });
});
