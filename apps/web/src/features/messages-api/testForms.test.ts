import { describe, expect, it } from "vitest";
import { endpointUrl } from "./sendTestMessage";
import { mediaFormData, mediaFormSchema, textFormSchema } from "./testForms";

describe("Messages API test forms", () => {
  it("needs a token, a number with country and area code, and a message", () => {
    const ok = textFormSchema.safeParse({ token: "abc", number: "+55 (11) 99999-9999", body: "Oi" });
    expect(ok.success).toBe(true);
    const bad = textFormSchema.safeParse({ token: " ", number: "9999", body: "" });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["token", "messagesAPI.validation.required"],
      ["number", "messagesAPI.validation.number"],
      ["body", "messagesAPI.validation.required"],
    ]);
  });

  it("needs a file for the media form, sent as medias with its name as the body", () => {
    expect(mediaFormSchema.safeParse({ token: "abc", number: "5511999999999", file: null }).success).toBe(false);
    const file = new File(["%PDF-1.4"], "pedido.pdf", { type: "application/pdf" });
    const form = mediaFormData({ number: "+55 11 99999-9999", file });
    expect(form.get("number")).toBe("5511999999999");
    expect(form.get("body")).toBe("pedido.pdf");
    expect((form.get("medias") as File).name).toBe("pedido.pdf");
  });

  it("documents the endpoint as the README does, {PUBLIC_URL}/api/messages/send", () => {
    expect(endpointUrl("https://app.example.com")).toBe("https://app.example.com/api/messages/send");
  });
});
