import { describe, expect, it } from "vitest";
import {
  campaignFormSchema,
  emptyCampaignForm,
  missingConnection,
  toCampaignBody,
  toCampaignForm,
} from "./campaignForm";

const errorsOf = (values: object) =>
  Object.fromEntries(
    (campaignFormSchema.safeParse({ ...emptyCampaignForm(), ...values }).error?.issues ?? []).map((i) => [
      i.path.join("."),
      i.message,
    ]),
  );

describe("phrase campaign form (automation-areas §5)", () => {
  it("blocks a save without name, flow or phrase, marking each", () => {
    expect(errorsOf({ name: "  ", phrase: " " })).toEqual({
      name: "phraseCampaigns.form.nameRequired",
      flowId: "phraseCampaigns.form.flowRequired",
      phrase: "phraseCampaigns.form.phraseRequired",
    });
  });

  it("flags a missing connection without blocking the save", () => {
    const values = { ...emptyCampaignForm(), name: "Promo", flowId: 3, phrase: "quero pizza" };
    expect(campaignFormSchema.safeParse(values).success).toBe(true);
    expect(missingConnection(values)).toBe(true);
    expect(missingConnection({ whatsappId: 2 })).toBe(false);
  });

  it("refuses a phrase over 500 characters", () => {
    expect(errorsOf({ name: "a", flowId: 1, phrase: "x".repeat(501) })).toEqual({
      phrase: "phraseCampaigns.form.phraseLong",
    });
  });

  it("a new campaign is active; none as connection is sent as null; PUT carries the id in the body", () => {
    expect(emptyCampaignForm().status).toBe(true);
    const values = { name: " Promo ", flowId: 3, whatsappId: "" as const, phrase: " Quero pizza ", status: true };
    expect(toCampaignBody(values)).toEqual({
      name: "Promo",
      flowId: 3,
      whatsappId: null,
      phrase: "Quero pizza",
      status: true,
    });
    expect(toCampaignBody({ ...values, whatsappId: 5, status: false }, 9)).toEqual({
      id: 9,
      name: "Promo",
      flowId: 3,
      whatsappId: 5,
      phrase: "Quero pizza",
      status: false,
    });
  });

  it("reads a campaign's details back into the form", () => {
    const details = { name: "Promo", flowId: 3, whatsappId: null, phrase: "oi", status: false };
    expect(toCampaignForm(details)).toEqual({ ...details, whatsappId: "" });
  });
});
