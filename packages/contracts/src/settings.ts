/**
 * Every company option of core-platform §9 with its default. A new company
 * gets one row per key. Values are strings, as the spec's client reads them.
 */
export const settingDefaults = {
  userRating: "disabled",
  scheduleType: "disabled",
  CheckMsgIsGroup: "enabled",
  call: "disabled",
  chatBotType: "text",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  userCreation: "enabled",
  sideMenu: "open",
  panelUrl: "",
  campaignsEnabled: "false",
  timezone: "America/Sao_Paulo",
  /** The platform's Asaas API access token (platform company only; a secret). */
  asaas: "",
  /** The token Asaas sends in its webhooks' asaas-access-token header (platform company only; a secret). */
  asaasWebhookToken: "",
} as const;

export type SettingKey = keyof typeof settingDefaults;
export const settingKeys = Object.keys(settingDefaults) as SettingKey[];

/** Choices of the options that are a select; free-text keys are absent. */
export const settingChoices: Partial<Record<SettingKey, readonly string[]>> = {
  userRating: ["disabled", "enabled"],
  scheduleType: ["disabled", "queue", "company"],
  CheckMsgIsGroup: ["disabled", "enabled"],
  call: ["disabled", "enabled"],
  chatBotType: ["text"],
  sendGreetingAccepted: ["disabled", "enabled"],
  sendMsgTransfTicket: ["disabled", "enabled"],
  sendGreetingMessageOneQueues: ["disabled", "enabled"],
  userCreation: ["enabled", "disabled"],
  sideMenu: ["open", "closed"],
  campaignsEnabled: ["true", "false"],
};

/**
 * Platform secrets (the payment provider's tokens): no answer carries them
 * whole. Super users read their mask (schemas/whatsapps.ts maskSecret, as
 * connection secrets), everyone else ""; a save that sends the mask back keeps the secret.
 */
export const secretSettings: readonly SettingKey[] = ["asaas", "asaasWebhookToken"];

/**
 * Keys only a super user may change: the secrets, and campaignsEnabled, which
 * opens campaigns whatever the plan says (core-platform §2.3), so a company
 * admin turning it on would unlock a paid feature. Super users set it per
 * company in the Companies tab.
 */
export const superOnlySettings: readonly SettingKey[] = [...secretSettings, "campaignsEnabled"];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefaults, key);
}
