import type { ScheduleDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { isPast, newScheduleForm, scheduleFormSchema, titleOf, toScheduleBody } from "./scheduleForm";

// 10:30 on the company's clock (São Paulo, UTC-3), which the form speaks whatever the browser's zone.
const at = new Date("2026-05-04T13:30:00Z");

describe("the schedule form", () => {
  it("starts with sendAt one hour ahead and the contact given", () => {
    expect(newScheduleForm({ id: 3, name: "Ana" }, at)).toEqual({
      contact: { id: 3, name: "Ana" },
      body: "",
      sendAt: "2026-05-04T11:30",
    });
  });

  it("needs a contact, a body of at least 5 characters and sendAt", () => {
    const errors = (values: object) =>
      scheduleFormSchema.safeParse(values).error?.issues.map((i) => [i.path[0], i.message]) ?? [];
    expect(errors({ contact: null, body: "Oi", sendAt: "" })).toEqual([
      ["contact", "scheduleModal.form.required"],
      ["body", "scheduleModal.form.short"],
      ["sendAt", "scheduleModal.form.required"],
    ]);
    expect(errors({ contact: { id: 1, name: "A" }, body: "Olá Ana", sendAt: "2026-05-04T11:30" })).toEqual([]);
  });

  it("sends sendAt as the instant of the company's wall clock", () => {
    const body = toScheduleBody({ contact: { id: 3, name: "Ana" }, body: " Olá Ana ", sendAt: "2026-05-04T11:30" }, 7);
    expect(body).toEqual({
      body: "Olá Ana",
      contactId: 3,
      sendAt: "2026-05-04T14:30:00.000Z",
      sentAt: null,
      userId: 7,
    });
  });

  it("titles an ERRO 'Erro de Envio' and others by their status; says when sendAt is past", () => {
    expect(titleOf({ status: "ERRO" } as ScheduleDto)).toEqual({ key: "scheduleModal.title.error" });
    expect(titleOf({ status: "ENVIADA" } as ScheduleDto)).toEqual({
      key: "scheduleModal.title.status",
      status: "scheduleModal.status.ENVIADA",
    });
    expect(isPast("2026-05-04T10:00", at.getTime())).toBe(true);
    expect(isPast("2026-05-04T11:00", at.getTime())).toBe(false);
  });
});
