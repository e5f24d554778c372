import { describe, expect, it } from "vitest";
import { flowNameFormSchema, toCreateBody, toUpdateBody } from "./flowForm";

const messageOf = (name: string) => flowNameFormSchema.safeParse({ name }).error?.issues[0]?.message;

describe("flow name form (automation-areas §5)", () => {
  it("asks for a name when none is typed, spaces included", () => {
    expect(messageOf("")).toBe("flows.form.nameRequired");
    expect(messageOf("   ")).toBe("flows.form.nameRequired");
  });

  it("refuses one character as too short and 51 as too long", () => {
    expect(messageOf("a")).toBe("flows.form.nameShort");
    expect(messageOf("x".repeat(51))).toBe("flows.form.nameLong");
  });

  it("takes 2 and 50 characters, trimmed", () => {
    expect(messageOf("ab")).toBeUndefined();
    expect(messageOf("x".repeat(50))).toBeUndefined();
    expect(toCreateBody({ name: "  Boas-vindas " })).toEqual({ name: "Boas-vindas" });
  });

  it("a rename keeps the flow's state and a switch keeps its name; the id goes in the body", () => {
    const flow = { id: 7, name: "Vendas", active: false };
    expect(toUpdateBody(flow, { name: " Suporte " })).toEqual({ flowId: 7, name: "Suporte", active: false });
    expect(toUpdateBody(flow, { active: true })).toEqual({ flowId: 7, name: "Vendas", active: true });
  });
});
