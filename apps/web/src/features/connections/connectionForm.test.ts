import { whatsappSaveSchema, type WhatsappDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import {
  connectionFormSchema,
  emptyConnectionForm,
  generateToken,
  tabOfField,
  toFormValues,
  toSaveBody,
  usesFlowbuilder,
} from "./connectionForm";

const issues = (values: Record<string, unknown>) =>
  connectionFormSchema.safeParse({ ...emptyConnectionForm(), name: "Loja", ...values }).error?.issues ?? [];

describe("connection modal form (core-platform §2.17, §5)", () => {
  it("needs a 2 to 50 character name and a token that is empty or 32+ characters", () => {
    expect(issues({ name: "" })[0]?.message).toBe("whatsappModal.form.nameRequired");
    expect(issues({ name: "L" })[0]?.message).toBe("whatsappModal.form.nameShort");
    expect(issues({ name: "x".repeat(51) })[0]?.message).toBe("whatsappModal.form.nameLong");
    expect(issues({ token: "short" })[0]?.message).toBe("whatsappModal.form.tokenInvalid");
    expect(issues({ token: generateToken() })).toEqual([]);
    expect(generateToken().length).toBeGreaterThanOrEqual(32);
  });

  it("needs the four credentials for the Cloud API, and points their errors to the provider tab", () => {
    const missing = issues({ provider: "cloud", cloudPhoneNumberId: "123" }).map((i) => i.path[0]);
    expect(missing).toEqual(["cloudAccessToken", "cloudAppSecret", "cloudVerifyToken"]);
    expect(tabOfField("cloudAppSecret")).toBe("provider");
    expect(tabOfField("name")).toBe("general");
    expect(tabOfField("queueIds")).toBe("queues");
  });

  it("takes a phone number id of letters, digits, _ and - only, as the server does (issue 29 item 7)", () => {
    const cloud = { provider: "cloud", cloudAccessToken: "a", cloudAppSecret: "b", cloudVerifyToken: "c" };
    for (const bad of ["http://127.0.0.1:19299/internal-admin?x=", "123/../me", "123 4"]) {
      expect(issues({ ...cloud, cloudPhoneNumberId: bad })).toMatchObject([
        { path: ["cloudPhoneNumberId"], message: "whatsappModal.form.cloudIdInvalid" },
      ]);
      expect(whatsappSaveSchema.safeParse({ name: "Loja", cloudPhoneNumberId: bad }).success).toBe(false);
    }
    expect(issues({ ...cloud, cloudPhoneNumberId: "109876543210" })).toEqual([]);
    expect(issues({ ...cloud, cloudPhoneNumberId: "Phone_id-2" })).toEqual([]);
  });

  it("sends a body the server's schema accepts, numbers and none ids included", () => {
    const body = toSaveBody({
      ...emptyConnectionForm(),
      name: "Loja",
      sendIdQueue: "4",
      timeSendQueue: "",
      queueIds: [4],
    });
    expect(body).toMatchObject({ sendIdQueue: 4, transferQueueId: null, timeSendQueue: 0, maxUseBotQueues: 3 });
    expect(whatsappSaveSchema.safeParse(body).success).toBe(true);
  });

  it("fills the form from a connection and sends its masked secrets back unchanged", () => {
    const dto = {
      name: "Loja",
      isDefault: true,
      provider: "cloud",
      token: "",
      greetingMessage: "Oi",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      queues: [{ id: 2, name: "Vendas", color: "#fff" }],
      sendIdQueue: null,
      timeSendQueue: 5,
      timeUseBotQueues: 0,
      maxUseBotQueues: 3,
      transferQueueId: 2,
      timeToTransfer: 10,
      expiresTicket: 0,
      expiresInactiveMessage: "",
      promptId: null,
      integrationId: null,
      schedules: [],
      cloudPhoneNumberId: "123",
      cloudAccessToken: "••••4321",
      cloudAppSecret: "••••",
      cloudVerifyToken: "••••abcd",
    } as unknown as WhatsappDto;
    const body = toSaveBody(toFormValues(dto));
    expect(body).toMatchObject({ queueIds: [2], transferQueueId: 2, timeSendQueue: 5, cloudAccessToken: "••••4321" });
    expect(body.schedules).toHaveLength(7);
  });

  it("keeps the welcome and default flows (issue 18 item 5), none as null", () => {
    const values = { ...emptyConnectionForm(), name: "Loja", flowIdWelcome: "7" };
    expect(toSaveBody(values)).toMatchObject({ flowIdWelcome: 7, flowIdNotPhrase: null });
    expect(tabOfField("flowIdNotPhrase")).toBe("queues");
    const read = toFormValues({
      ...({} as WhatsappDto),
      queues: [],
      schedules: [],
      flowIdWelcome: null,
      flowIdNotPhrase: 3,
    });
    expect([read.flowIdWelcome, read.flowIdNotPhrase]).toEqual(["", "3"]);
  });

  it("shows the flow selects only for a chosen flowbuilder integration", () => {
    const integrations = [
      { id: 1, name: "Bot", type: "typebot" },
      { id: 2, name: "Fluxos", type: "flowbuilder" },
    ];
    expect(usesFlowbuilder("2", integrations)).toBe(true);
    expect(usesFlowbuilder("1", integrations)).toBe(false);
    expect(usesFlowbuilder("", integrations)).toBe(false);
    expect(usesFlowbuilder("2", null)).toBe(false);
  });
});
