import { flowAiVoices } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { aiFormSchema, toAiData, toAiForm } from "./aiForm";
import { toTypebotData, toTypebotForm, typebotFormSchema } from "./typebotForm";

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]);

describe("Typebot block", () => {
  it("starts from the §9 defaults and requires name, urlN8N and typebotSlug", () => {
    const empty = toTypebotForm(undefined);
    expect(empty).toMatchObject({ typebotExpires: "1", typebotDelayMessage: "1000" });
    expect(issues(typebotFormSchema.safeParse(empty))).toEqual([
      ["name", "flowDialogs.errors.required"],
      ["urlN8N", "flowDialogs.errors.required"],
      ["typebotSlug", "flowDialogs.errors.required"],
    ]);
    expect(issues(typebotFormSchema.safeParse({ ...empty, name: "Bot", urlN8N: "ftp://x", typebotSlug: "s" }))).toEqual(
      [["urlN8N", "flowDialogs.errors.url"]],
    );
  });
  it("saves typebotIntegration with numbers and projectName = name", () => {
    const values = {
      ...toTypebotForm(undefined),
      name: "Vendas",
      urlN8N: "https://typebot.example",
      typebotSlug: "vendas",
      typebotDelayMessage: "",
      typebotKeywordFinish: "sair",
    };
    expect(toTypebotData(values, undefined)).toEqual({
      typebotIntegration: {
        name: "Vendas",
        projectName: "Vendas",
        urlN8N: "https://typebot.example",
        typebotSlug: "vendas",
        typebotExpires: 1,
        typebotDelayMessage: 1000,
        typebotKeywordFinish: "sair",
        typebotKeywordRestart: "",
        typebotUnknownMessage: "",
        typebotRestartMessage: "",
      },
    });
  });
  it("reads a saved block back", () => {
    const saved = { typebotIntegration: { name: "A", urlN8N: "https://t", typebotSlug: "s", typebotExpires: 5 } };
    expect(toTypebotForm(saved)).toMatchObject({ name: "A", typebotExpires: "5" });
  });
});

describe("OpenAI block", () => {
  it("offers texto and the 15 pt-BR voices", () => {
    expect(flowAiVoices).toHaveLength(16);
    expect(flowAiVoices[0]).toBe("texto");
    expect(flowAiVoices.filter((v) => /^pt-BR-\w+Neural$/.test(v))).toHaveLength(15);
  });
  it("starts from the §9 defaults and requires name, apiKey and prompt", () => {
    const empty = toAiForm(undefined);
    expect(empty).toMatchObject({
      voice: "texto",
      temperature: "1",
      maxTokens: "100",
      maxMessages: "10",
      model: "gpt-3.5-turbo-1106",
      baseUrl: "",
    });
    expect(issues(aiFormSchema.safeParse(empty))).toEqual([
      ["name", "flowDialogs.errors.required"],
      ["apiKey", "flowDialogs.errors.required"],
      ["prompt", "flowDialogs.errors.required"],
    ]);
  });
  it("checks the numbers, the base URL, and asks a spoken voice for its Azure key and region", () => {
    const base = { ...toAiForm(undefined), name: "Ana", apiKey: "sk-1", prompt: "Seja breve." };
    const result = aiFormSchema.safeParse({
      ...base,
      temperature: "1.5",
      maxTokens: "0",
      maxMessages: "2.5",
      baseUrl: "nope",
      voice: "pt-BR-YaraNeural",
    });
    expect(issues(result)).toEqual([
      ["temperature", "flowDialogs.errors.number"],
      ["maxTokens", "flowDialogs.errors.number"],
      ["maxMessages", "flowDialogs.errors.number"],
      ["baseUrl", "flowDialogs.errors.url"],
      ["voiceKey", "flowDialogs.errors.required"],
      ["voiceRegion", "flowDialogs.errors.required"],
    ]);
  });
  it("saves numbers, projectName = name and queueId null; a masked key comes back as it was loaded", () => {
    const saved = {
      typebotIntegration: {
        name: "Ana",
        apiKey: "••••abcd",
        prompt: "Seja breve.",
        voice: "pt-BR-YaraNeural",
        voiceKey: "••••wxyz",
        voiceRegion: "brazilsouth",
      },
    };
    const data = toAiData({ ...toAiForm(saved), temperature: "0.5" }, saved);
    expect(data.typebotIntegration).toEqual({
      name: "Ana",
      projectName: "Ana",
      apiKey: "••••abcd",
      prompt: "Seja breve.",
      voice: "pt-BR-YaraNeural",
      voiceKey: "••••wxyz",
      voiceRegion: "brazilsouth",
      temperature: 0.5,
      maxTokens: 100,
      maxMessages: 10,
      model: "gpt-3.5-turbo-1106",
      baseUrl: "",
      queueId: null,
    });
  });
});
