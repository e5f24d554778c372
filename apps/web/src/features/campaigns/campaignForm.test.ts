import { describe, expect, it } from "vitest";
import type { CampaignDto } from "@balcao/contracts";
import {
  campaignAccess,
  campaignFormSchema,
  cancelCommand,
  emptyCampaignForm,
  toCampaignBody,
  toCampaignForm,
  toScheduledAt,
} from "./campaignForm";

const now = new Date(2026, 10, 27, 10, 0).getTime();
const inMinutes = (n: number) => new Date(now + n * 60_000).toISOString();

describe("the campaign modal's form", () => {
  it("takes a name of 2 to 50 characters, with §5's messages", () => {
    // The form shows a field's first message.
    const shown = (name: string) =>
      campaignFormSchema.safeParse({ ...emptyCampaignForm, name }).error?.issues[0]?.message;
    expect(shown("")).toBe("campaigns.dialog.form.nameRequired");
    expect(shown(" a ")).toBe("campaigns.dialog.form.nameShort");
    expect(shown("x".repeat(51))).toBe("campaigns.dialog.form.nameLong");
    expect(shown("Black Friday")).toBeUndefined();
  });

  it("sends every field, empty ones and the 'none' entries as null, scheduledAt as 'YYYY-MM-DD HH:mm:ss' (§7, §9)", () => {
    const body = toCampaignBody({
      ...emptyCampaignForm,
      name: "  Black Friday ",
      contactListId: "7",
      whatsappId: "3",
      scheduledAt: "2026-11-28T09:30",
      message1: "Olá {nome}!",
      message2: "   ",
      confirmation: true,
      confirmationMessage1: "Podemos enviar?",
    });
    expect(body).toEqual({
      name: "Black Friday",
      contactListId: 7,
      tagListId: null,
      whatsappId: 3,
      fileListId: null,
      scheduledAt: "2026-11-28 09:30:00",
      confirmation: true,
      message1: "Olá {nome}!",
      message2: null,
      message3: null,
      message4: null,
      message5: null,
      confirmationMessage1: "Podemos enviar?",
      confirmationMessage2: null,
      confirmationMessage3: null,
      confirmationMessage4: null,
      confirmationMessage5: null,
    });
    expect(toScheduledAt("")).toBeNull();
  });

  it("opens a stored campaign with its choices and its time on the company's clock (São Paulo), whatever the browser's", () => {
    const scheduledAt = "2026-11-28T12:30:00.000Z";
    const form = toCampaignForm({
      name: "Natal",
      contactListId: null,
      tagId: 4,
      tagListId: 4,
      whatsappId: 2,
      fileListId: null,
      scheduledAt,
      confirmation: false,
      message1: "Oi {nome}",
      message2: null,
      message3: null,
      message4: null,
      message5: null,
      confirmationMessage1: null,
      confirmationMessage2: null,
      confirmationMessage3: null,
      confirmationMessage4: null,
      confirmationMessage5: null,
    } as CampaignDto);
    expect(form).toMatchObject({ tagListId: "4", whatsappId: "2", contactListId: "", scheduledAt: "2026-11-28T09:30" });
    expect(toCampaignBody(form).scheduledAt).toBe("2026-11-28 09:30:00");
  });
});

describe("what the campaign modal allows (§4)", () => {
  it("edits everything while INATIVA or PROGRAMADA more than an hour ahead", () => {
    expect(campaignAccess(undefined, now)).toMatchObject({ editable: true, canSave: true, readOnly: false });
    expect(campaignAccess({ status: "INATIVA", scheduledAt: null }, now)).toMatchObject({
      editable: true,
      canSave: true,
      canRestart: false,
      canCancel: false,
    });
    expect(campaignAccess({ status: "PROGRAMADA", scheduledAt: inMinutes(120) }, now)).toMatchObject({
      editable: true,
      readOnly: false,
    });
  });

  it("is read-only within the hour, running or finished, without Save", () => {
    for (const campaign of [
      { status: "PROGRAMADA" as const, scheduledAt: inMinutes(30) },
      { status: "EM_ANDAMENTO" as const, scheduledAt: inMinutes(-5) },
      { status: "FINALIZADA" as const, scheduledAt: inMinutes(-60) },
    ]) {
      expect(campaignAccess(campaign, now)).toMatchObject({
        editable: false,
        messagesEnabled: false,
        canSave: false,
        readOnly: true,
        canRestart: false,
      });
    }
    expect(campaignAccess({ status: "EM_ANDAMENTO", scheduledAt: null }, now).canCancel).toBe(true);
  });

  it("stops a running campaign and cancels a scheduled one's schedule, nothing else", () => {
    expect(cancelCommand("EM_ANDAMENTO")).toBe("stop");
    expect(cancelCommand("PROGRAMADA")).toBe("cancelSchedule");
    for (const status of ["INATIVA", "CANCELADA", "FINALIZADA"] as const) expect(cancelCommand(status)).toBeNull();
    expect(campaignAccess({ status: "PROGRAMADA", scheduledAt: inMinutes(30) }, now).canCancel).toBe(true);
  });

  it("keeps a CANCELADA campaign's messages and Save, and offers restart", () => {
    expect(campaignAccess({ status: "CANCELADA", scheduledAt: inMinutes(-60) }, now)).toEqual({
      editable: false,
      messagesEnabled: true,
      canSave: true,
      readOnly: true,
      canRestart: true,
      canCancel: false,
    });
  });
});
