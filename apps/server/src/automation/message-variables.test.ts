/**
 * Every message variable as the customer reads it, in the company's time
 * zone (SERVER-BEHAVIOUR "Message variables").
 */
import { describe, expect, it } from "vitest";
import { greetingFor, hasMessageVariables, renderMessage, type MessageVariableInput } from "./message-variables.js";

const base: MessageVariableInput = {
  contactName: "Ana Maria Lima",
  ticketId: 42,
  timeZone: "America/Sao_Paulo",
  // 2026-03-10 14:05:09 in São Paulo (UTC−3).
  now: new Date("2026-03-10T17:05:09Z"),
  queueName: "Financeiro",
  userName: "Marina Souza",
  connectionName: "Loja Centro",
};
const render = (text: string, over: Partial<MessageVariableInput> = {}) => renderMessage(text, { ...base, ...over });

describe("renderMessage", () => {
  it("renders every variable", () => {
    expect(render("{{name}}|{{firstName}}|{{queue}}|{{userName}}|{{connection}}")).toBe(
      "Ana Maria Lima|Ana|Financeiro|Marina Souza|Loja Centro",
    );
    expect(render("{{ms}}|{{hora}}|{{date}}|{{protocol}}")).toBe("Boa tarde|14:05:09|10/03/2026|2026031014050942");
  });

  it("accepts spaces inside the braces and repeats", () => {
    expect(render("{{ firstName }} {{firstName}}")).toBe("Ana Ana");
  });

  it("leaves unknown variables, single braces and text without variables as written", () => {
    expect(render("{{x}} {{Name}} {nome} {{}} {{ 1 }}")).toBe("{{x}} {{Name}} {nome} {{}} {{ 1 }}");
    expect(render("Olá")).toBe("Olá");
  });

  it("missing queue, attendant or connection render empty; a blank contact name gives an empty first name", () => {
    expect(render("[{{queue}}][{{userName}}][{{connection}}]", { queueName: null, userName: undefined })).toBe(
      "[][][Loja Centro]",
    );
    expect(render("[{{firstName}}]", { contactName: "  " })).toBe("[]");
  });

  it("does not render values again (a contact named like a variable)", () => {
    expect(render("{{name}} {{ms}}", { contactName: "{{ms}}" })).toBe("{{ms}} Boa tarde");
  });

  it("reads the date in the company's zone: a UTC instant already the next day is still the day before in São Paulo", () => {
    const now = new Date("2026-01-01T02:30:00Z"); // 2025-12-31 23:30:00 in São Paulo
    expect(render("{{date}} {{hora}} {{ms}} {{protocol}}", { now })).toBe(
      "31/12/2025 23:30:00 Boa noite 2025123123300042",
    );
    expect(render("{{date}} {{hora}}", { now, timeZone: "UTC" })).toBe("01/01/2026 02:30:00");
    expect(render("{{date}} {{hora}}", { now, timeZone: "Asia/Tokyo" })).toBe("01/01/2026 11:30:00");
  });

  it("a zone this runtime does not know falls back to America/Sao_Paulo", () => {
    expect(render("{{hora}}", { timeZone: "Mars/Olympus" })).toBe("14:05:09");
  });

  it("says the greeting of the local hour at each boundary", () => {
    const at = (h: number, m = 0) => new Date(Date.UTC(2026, 2, 10, h + 3, m)); // São Paulo hour h
    expect(render("{{ms}}", { now: at(0) })).toBe("Boa madrugada");
    expect(render("{{ms}}", { now: at(5, 59) })).toBe("Boa madrugada");
    expect(render("{{ms}}", { now: at(6) })).toBe("Bom dia");
    expect(render("{{ms}}", { now: at(11, 59) })).toBe("Bom dia");
    expect(render("{{ms}}", { now: at(12) })).toBe("Boa tarde");
    expect(render("{{ms}}", { now: at(17, 59) })).toBe("Boa tarde");
    expect(render("{{ms}}", { now: at(18) })).toBe("Boa noite");
    expect(render("{{ms}}", { now: at(20, 59) })).toBe("Boa noite");
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(greetingFor)).toEqual([
      "Boa madrugada",
      "Boa madrugada",
      "Bom dia",
      "Bom dia",
      "Boa tarde",
      "Boa tarde",
      "Boa noite",
      "Boa noite",
    ]);
  });

  it("hasMessageVariables tells known variables from other braces", () => {
    expect(hasMessageVariables("Olá {{ name }}")).toBe(true);
    expect(hasMessageVariables("Olá {{x}} {nome}")).toBe(false);
  });
});
