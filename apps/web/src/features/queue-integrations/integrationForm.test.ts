import { queueIntegrationSaveSchema } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { emptyIntegrationForm, fieldsByType, integrationFormSchema, toIntegrationBody } from "./integrationForm";

describe("queue integration form", () => {
  it("starts as a typebot with the §9 timings", () => {
    expect(emptyIntegrationForm()).toMatchObject({ type: "typebot", typebotDelayMessage: "1000", typebotExpires: "1" });
  });

  it("checks §5: a name of 2–50, urlN8N for n8n and webhook, typebotSlug for typebot", () => {
    const issues = (values: object) =>
      integrationFormSchema
        .safeParse({ ...emptyIntegrationForm(), ...values })
        .error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ type: "webhook", name: "x" })).toEqual([
      ["name", "queueIntegrationModal.formErrors.nameShort"],
      ["urlN8N", "queueIntegrationModal.formErrors.required"],
    ]);
    expect(issues({ type: "n8n", name: "Fluxo", urlN8N: "http://n8n.local/webhook/1" })).toBeUndefined();
    expect(issues({ type: "typebot", name: "Bot" })).toEqual([
      ["typebotSlug", "queueIntegrationModal.formErrors.required"],
    ]);
    expect(issues({ type: "flowbuilder", name: "A".repeat(51) })).toEqual([
      ["name", "queueIntegrationModal.formErrors.nameLong"],
    ]);
  });

  it("sends projectName = name for the types without a project, and what the server's schema takes", () => {
    const values = {
      ...emptyIntegrationForm(),
      type: "webhook" as const,
      name: " Pedidos ",
      urlN8N: "https://hooks.example.com/x",
    };
    const body = toIntegrationBody(values);
    expect(body).toMatchObject({
      name: "Pedidos",
      projectName: "Pedidos",
      typebotDelayMessage: 1000,
      typebotExpires: 1,
    });
    expect(queueIntegrationSaveSchema.safeParse(body).success).toBe(true);
    const dialogflow = toIntegrationBody({
      ...emptyIntegrationForm(),
      type: "dialogflow",
      name: "Agente",
      projectName: "meu-projeto",
    });
    expect(dialogflow.projectName).toBe("meu-projeto");
  });

  it("shows each type's fields (§2 table)", () => {
    expect(fieldsByType.dialogflow).toEqual(["language", "projectName", "jsonContent"]);
    expect(fieldsByType.webhook).toEqual(["urlN8N"]);
    expect(fieldsByType.flowbuilder).toEqual([]);
    expect(fieldsByType.typebot).toContain("typebotSlug");
  });
});
