import { promptFieldsSchema, type PromptDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { emptyPromptForm, otherModel, promptFormSchema, toPromptBody, toPromptForm } from "./promptForm";

const training = "Você é a assistente da loja. Responda com simpatia e em poucas frases.";

describe("prompt form", () => {
  it("starts from the §9 defaults", () => {
    expect(emptyPromptForm()).toMatchObject({
      model: "gpt-3.5-turbo-1106",
      temperature: "1",
      maxTokens: "100",
      maxMessages: "10",
      baseUrl: "",
      transcriptionModel: "whisper-1",
    });
  });

  it("checks §5 with promptModal.formErrors messages: name 5–100, prompt of 50, temperature 0–1", () => {
    const result = promptFormSchema.safeParse({
      ...emptyPromptForm(),
      name: "Loja",
      apiKey: "sk",
      prompt: "curto",
      temperature: "1.5",
      baseUrl: "ftp://x",
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "promptModal.formErrors.name.short"],
      ["prompt", "promptModal.formErrors.prompt.short"],
      ["temperature", "promptModal.formErrors.temperature.invalid"],
      ["baseUrl", "promptModal.formErrors.baseUrl.invalid"],
    ]);
  });

  it("sends a typed model name and what the server's schema takes", () => {
    const values = {
      ...emptyPromptForm(),
      name: "Assistente",
      apiKey: " sk-1234 ",
      prompt: training,
      queueId: "3",
      model: otherModel,
      customModel: "llama-3.1-8b-instant",
      temperature: "0.3",
      baseUrl: "https://api.groq.com/openai/v1",
    };
    expect(promptFormSchema.safeParse(values).success).toBe(true);
    const body = toPromptBody(values);
    expect(body).toMatchObject({ apiKey: "sk-1234", queueId: 3, model: "llama-3.1-8b-instant", temperature: 0.3 });
    expect(promptFieldsSchema.safeParse(body).success).toBe(true);
  });

  it("asks for the model's name when 'another model' is chosen", () => {
    const result = promptFormSchema.safeParse({
      ...emptyPromptForm(),
      name: "Assistente",
      apiKey: "sk",
      prompt: training,
      model: otherModel,
    });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["customModel"]);
  });

  it("reads a stored prompt back, its unknown model as a typed one", () => {
    const stored = { model: "qwen2.5:7b", queueId: 4, temperature: 0.5, maxTokens: 200, maxMessages: 5 } as PromptDto;
    expect(
      toPromptForm({
        ...stored,
        name: "x",
        apiKey: "****abcd",
        prompt: training,
        baseUrl: "",
        transcriptionModel: "whisper-1",
      }),
    ).toMatchObject({
      model: otherModel,
      customModel: "qwen2.5:7b",
      queueId: "4",
      temperature: "0.5",
      apiKey: "****abcd",
    });
  });
});
