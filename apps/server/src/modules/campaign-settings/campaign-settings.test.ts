/**
 * /campaign-settings (business-areas §2.12, §3, §5, §7, §9): defaults, the
 * interval options, unique variable keys, opt-out words, who may change them, the plan
 * gate, isolation, and campaignSettings() as campaign code reads it.
 */
import { campaignSettingsDefaults, type CampaignSettingEntry } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { buildCompany, buildPlan, buildTenant, buildUser, login } from "../../../test/factories.js";
import type { TestServer } from "../../../test/harness.js";
import { serverPerFile } from "../../../test/server-per-file.js";
import { campaignSettings } from "./campaign-settings.js";

let s: TestServer;
serverPerFile((started) => (s = started));

const read = (token: string) => s.request({ path: "/campaign-settings", token });
const save = (token: string, settings: Record<string, unknown>) =>
  s.request({ method: "POST", path: "/campaign-settings", token, body: { settings } });
/** The entries as the page reads them: each value JSON-decoded. */
const decoded = (entries: CampaignSettingEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.key, JSON.parse(e.value) as unknown]));

const chosen = {
  messageInterval: 5,
  longerIntervalAfter: 10,
  greaterInterval: 120,
  variables: [
    { key: "empresa", value: "Padaria Central" },
    { key: "cupom", value: "PAO10" },
  ],
  optOutWords: ["SAIR", "CANCELAR"],
};

describe("campaign settings", () => {
  it("answers the §9 defaults as JSON-encoded entries before anything is saved", async () => {
    const t = await buildTenant(s);
    const res = await read(t.agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { key: "messageInterval", value: "20" },
      { key: "longerIntervalAfter", value: "20" },
      { key: "greaterInterval", value: "60" },
      { key: "variables", value: "[]" },
      { key: "optOutWords", value: '["SAIR","PARAR","STOP"]' },
    ]);
    expect(await campaignSettings(s.ctx.db, t.company.id)).toEqual(campaignSettingsDefaults);
  });

  it("saves the intervals and variables, keeps them, and gives them to campaign code", async () => {
    const t = await buildTenant(s);
    const res = await save(t.admin.token, chosen);
    expect(res.statusCode).toBe(200);
    expect(decoded(res.json())).toEqual(chosen);
    expect(decoded((await read(t.agent.token)).json())).toEqual(chosen);
    expect(await campaignSettings(s.ctx, t.company.id)).toEqual(chosen);
    expect(await s.ctx.db.transaction((tx) => campaignSettings(tx, t.company.id))).toEqual(chosen);
    // A setting left out keeps its value; an empty variable list clears them.
    await save(t.admin.token, { messageInterval: "0", variables: [] });
    expect(await campaignSettings(s.ctx.db, t.company.id)).toEqual({ ...chosen, messageInterval: 0, variables: [] });
  });

  it.each([
    [
      "the same key twice",
      [
        { key: "cupom", value: "A" },
        { key: "cupom", value: "B" },
      ],
    ],
    [
      "the same key in another case",
      [
        { key: "Cupom", value: "A" },
        { key: "cupom", value: "B" },
      ],
    ],
    ["a built-in variable's key", [{ key: "nome", value: "Maria" }]],
  ])("refuses %s with ERR_DUPLICATED_CAMPAIGN_VARIABLE and keeps what was saved", async (_label, variables) => {
    const t = await buildTenant(s);
    await save(t.admin.token, chosen);
    const res = await save(t.admin.token, { ...chosen, messageInterval: 15, variables });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: "ERR_DUPLICATED_CAMPAIGN_VARIABLE" });
    expect(await campaignSettings(s.ctx.db, t.company.id)).toEqual(chosen);
  });

  it.each([
    ["a messageInterval not among its options", { messageInterval: 7 }],
    ["a longerIntervalAfter not among its options", { longerIntervalAfter: 2 }],
    ["a greaterInterval not among its options", { greaterInterval: 3600 }],
    ["a negative interval", { greaterInterval: -1 }],
    ["a variable key with braces", { variables: [{ key: "{x}", value: "y" }] }],
    ["a variable key with a space", { variables: [{ key: "meu cupom", value: "y" }] }],
    ["an empty variable key", { variables: [{ key: " ", value: "y" }] }],
    ["an empty opt-out word", { optOutWords: ["SAIR", " "] }],
    ["an opt-out word of 31 characters", { optOutWords: ["x".repeat(31)] }],
  ])("refuses %s with ERR_VALIDATION", async (_label, settings) => {
    const t = await buildTenant(s);
    const res = await save(t.admin.token, settings);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    expect(await campaignSettings(s.ctx.db, t.company.id)).toEqual(campaignSettingsDefaults);
  });

  it("lets only administrators change them, and only with campaigns in the plan", async () => {
    const t = await buildTenant(s);
    const agent = await save(t.agent.token, chosen);
    expect(agent.statusCode).toBe(403);
    expect(agent.json().error).toBe("ERR_NO_PERMISSION");
    const plan = await buildPlan(s, { useCampaigns: false });
    const company = await buildCompany(s, { planId: plan.id });
    const admin = await buildUser(s, { companyId: company.id, profile: "admin" });
    const token = (await login(s, admin.email)).token;
    for (const res of [await read(token), await save(token, chosen)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
    expect(await campaignSettings(s.ctx.db, t.company.id)).toEqual(campaignSettingsDefaults);
  });

  it("keeps each company's settings to itself", async () => {
    const owner = await buildTenant(s);
    const other = await buildTenant(s);
    await save(owner.admin.token, chosen);
    const theirs = (await read(other.admin.token)).json<CampaignSettingEntry[]>();
    expect(decoded(theirs)).toEqual(campaignSettingsDefaults);
    expect(JSON.stringify(theirs)).not.toContain("Padaria Central");
    await save(other.admin.token, { messageInterval: 10, variables: [{ key: "empresa", value: "Outra" }] });
    expect(await campaignSettings(s.ctx.db, owner.company.id)).toEqual(chosen);
  });
});
