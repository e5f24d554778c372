import { quickMessageSaveSchema } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { emptyQuickMessageForm, insertAt, quickMessageFormSchema, toQuickMessageBody } from "./quickMessageForm";

describe("quick message form (business-areas §2.7, §5)", () => {
  it("requires the shortcode", () => {
    const res = quickMessageFormSchema.safeParse({ ...emptyQuickMessageForm, shortcode: "  " });
    expect(res.error?.issues[0]?.message).toBe("quickMessageModal.form.required");
  });

  it("inserts a variable at the cursor, or in place of the selection", () => {
    expect(insertAt("Olá , tudo bem?", "{{firstName}}", 4)).toBe("Olá {{firstName}}, tudo bem?");
    expect(insertAt("Bom dia", "{{ms}}", 0, 7)).toBe("{{ms}}");
    expect(insertAt("", "{{date}}", 0)).toBe("{{date}}");
  });

  it("sends what the server accepts", () => {
    const body = toQuickMessageBody({ ...emptyQuickMessageForm, shortcode: " pix ", message: "{{protocol}}" });
    expect(body.shortcode).toBe("pix");
    expect(quickMessageSaveSchema.safeParse(body).success).toBe(true);
  });
});
