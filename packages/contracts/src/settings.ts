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
  asaas: "",
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

/** Keys only a super user may change: the payment provider token is platform-level. */
export const superOnlySettings: readonly SettingKey[] = ["asaas"];

export function isSettingKey(key: string): key is SettingKey {
  return key in settingDefaults;
}
