/**
 * Conversation flows and phrase campaigns end to end (issue 18 items 1, 4 and
 * 5's connection selects): an admin adds a flow on /flowbuilders (the §5 name
 * rules first), renames, duplicates, deactivates and deletes it with the §2
 * confirmations and §8 toasts, sees another admin's changes arrive live and
 * opens a ticket from the page's new-ticket dialog;
 * on /phrase-lists makes a phrase campaign (the §5 checks, a missing connection
 * flagged but saved), edits it, meets the server's refusal of a second active
 * campaign with the same phrase on the same connection, and deletes it; and
 * sets a welcome flow in the connection dialog of a connection whose
 * integration is a flowbuilder one. The Portuguese texts the spec gives are
 * asserted as written there.
 */
import type { Locator, Page } from "@playwright/test";
import { cloudConnection } from "./harness/cloud-connection.js";
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { apiAsPage, logIn } from "./harness/pages.js";
import { companyWithColleague, newPerson, signUpByApi } from "./harness/people.js";
import { chooseConnection, chooseFlow } from "./harness/phrase-campaigns.js";

const shots = "test-results/flows";

const flowRow = (page: Page, name: string) =>
  page
    .locator('[data-testid^="flow-row-"]')
    .filter({ has: page.getByTestId("flow-cell-name").getByText(name, { exact: true }) });

async function rowMenu(page: Page, row: Locator, action: string) {
  await row.getByTestId("flow-menu-open").click();
  await page.getByTestId(`flow-menu-${action}`).click();
}

async function signedInAdmin(page: Page, baseURL: string, tag: string) {
  const admin = newPerson(tag);
  await signUpByApi(baseURL, admin);
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/tickets$/);
  return admin;
}

test("an admin adds, renames, duplicates, deactivates and deletes a flow; another admin's changes arrive live; the new-ticket dialog opens its ticket", async ({
  page,
  baseURL,
}) => {
  // The page is a colleague's: the owner's own later login would end the page's session.
  const { ownerApi, colleague } = await companyWithColleague(baseURL!, "flows");
  await logIn(page, colleague.email, colleague.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-group-flows").click();
  await page.getByTestId("menu-item-flowbuilders").click();
  await expect(page).toHaveURL(/\/flowbuilders$/);
  await expect(page.getByRole("heading", { name: "Fluxos de conversa" })).toBeVisible();
  await expect(page.getByTestId("flows-table")).toContainText(t("pt", "flows.empty"));

  // The name dialog's §5 rules, then a new flow, active.
  await page.getByTestId("flow-add").click();
  const nameModal = page.getByTestId("flow-name-modal");
  await expect(nameModal).toContainText("Adicionar Fluxo");
  await nameModal.getByTestId("flow-name").fill("A");
  await nameModal.getByTestId("flow-name-save").click();
  await expect(nameModal).toContainText("Muito curto!");
  await nameModal.getByTestId("flow-name").fill("");
  await expect(nameModal).toContainText("Digite um nome!");
  await nameModal.getByTestId("flow-name").fill("x".repeat(51));
  await expect(nameModal).toContainText("Muito longo!");
  await page.screenshot({ path: `${shots}/1-name-dialog.png` });
  await nameModal.getByTestId("flow-name").fill("Boas-vindas");
  await nameModal.getByTestId("flow-name-save").click();
  await expect(nameModal).toBeHidden();
  await expect(flowRow(page, "Boas-vindas").getByTestId("flow-cell-status")).toHaveText("Ativo");

  // Rename.
  await rowMenu(page, flowRow(page, "Boas-vindas"), "rename");
  await expect(nameModal).toContainText("Editar Fluxo");
  await expect(nameModal.getByTestId("flow-name")).toHaveValue("Boas-vindas");
  await nameModal.getByTestId("flow-name").fill("Boas-vindas da loja");
  await nameModal.getByTestId("flow-name-save").click();
  await expect(nameModal).toBeHidden();
  await expect(flowRow(page, "Boas-vindas da loja")).toHaveCount(1);
  await expect(flowRow(page, "Boas-vindas")).toHaveCount(0);

  // Duplicate, after its question.
  const rows = page.locator('[data-testid^="flow-row-"]');
  await rowMenu(page, flowRow(page, "Boas-vindas da loja"), "duplicate");
  const duplicateDialog = page.getByTestId("flow-duplicate-dialog");
  await expect(duplicateDialog).toContainText("Tem certeza que deseja duplicar este fluxo?");
  await duplicateDialog.getByTestId("flow-duplicate-dialog-confirm").click();
  await expect(page.getByText("Fluxo duplicado com sucesso")).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Deactivate the original: shown at once and still so after a reload.
  await flowRow(page, "Boas-vindas da loja").getByTestId("flow-menu-open").click();
  await expect(page.getByTestId("flow-menu-toggle")).toHaveText("Desativar");
  await page.screenshot({ path: `${shots}/2a-row-menu.png` });
  await page.getByTestId("flow-menu-toggle").click();
  await expect(flowRow(page, "Boas-vindas da loja").getByTestId("flow-cell-status")).toHaveText("Desativado");
  await page.reload();
  await expect(flowRow(page, "Boas-vindas da loja").getByTestId("flow-cell-status")).toHaveText("Desativado");
  await page.screenshot({ path: `${shots}/2-list.png` });

  // Another admin of the company adds and renames a flow: the open list follows without a reload.
  const made = await ownerApi("POST", "/flowbuilder", { name: "Pós venda" });
  await expect(flowRow(page, "Pós venda")).toHaveCount(1);
  await ownerApi("PUT", "/flowbuilder", { flowId: made.id, name: "Pós-venda", active: true });
  await expect(flowRow(page, "Pós-venda")).toHaveCount(1);
  await expect(rows).toHaveCount(3);

  // Search (debounced) narrows the list to the server's matches.
  await page.getByTestId("flows-search").fill("venda");
  await expect(rows).toHaveCount(1);
  await expect(flowRow(page, "Pós-venda")).toHaveCount(1);
  await page.getByTestId("flows-search").fill("");
  await expect(rows).toHaveCount(3);

  // Delete the original, after the §2 warning, which names the phrase campaign deleted with it.
  const original = (
    await ownerApi<{ flows: { id: number; name: string }[] }>("GET", "/flowbuilder", undefined)
  ).flows.find((f) => f.name === "Boas-vindas da loja")!;
  await ownerApi("POST", "/flowcampaign", { name: "Promo Natal", flowId: original.id, phrase: "quero a promo" });
  await rowMenu(page, flowRow(page, "Boas-vindas da loja"), "delete");
  const deleteDialog = page.getByTestId("flow-delete-dialog");
  await expect(deleteDialog).toContainText(
    "Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.",
  );
  await expect(deleteDialog).toContainText(t("pt", "flows.confirm.deleteCampaigns_one", { names: '"Promo Natal"' }));
  await page.screenshot({ path: `${shots}/3-delete-dialog.png` });
  await deleteDialog.getByTestId("flow-delete-dialog-confirm").click();
  await expect(page.getByText("Fluxo excluído com sucesso")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(flowRow(page, "Boas-vindas da loja")).toHaveCount(0);
  expect((await ownerApi<{ flow: { name: string }[] }>("GET", "/flowcampaign", undefined)).flow).toEqual([]);

  // The other admin deletes the copy: it leaves the open list.
  const { flows } = await ownerApi<{ flows: { id: number; name: string }[] }>("GET", "/flowbuilder", undefined);
  const copy = flows.find((f) => f.name !== "Pós-venda")!;
  await ownerApi("DELETE", `/flowbuilder/${copy.id}`, {});
  await expect(page.getByTestId(`flow-row-${copy.id}`)).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // The page's new-ticket dialog opens the ticket it makes.
  const contact = await ownerApi("POST", "/contacts", { name: "Cliente Fluxos", number: "5511912340000", email: "" });
  await ownerApi("POST", "/whatsapp", { name: "Principal", isDefault: true, queueIds: [] });
  await page.getByTestId("flow-new-ticket").click();
  const ticketModal = page.getByTestId("new-ticket-modal");
  await ticketModal.getByTestId("new-ticket-contact").fill("Cli");
  await page.getByTestId(`new-ticket-contact-${contact.id}`).click();
  await ticketModal.getByTestId("new-ticket-ok").click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/flowbuilders$/);

  // A row opens the builder.
  const pos = flowRow(page, "Pós-venda");
  const id = (await pos.getAttribute("data-testid"))!.replace("flow-row-", "");
  await pos.getByTestId("flow-cell-name").click();
  await expect(page).toHaveURL(new RegExp(`/flowbuilder/${id}$`));
});

const campaignRow = (page: Page, name: string) =>
  page
    .locator('[data-testid^="phrase-campaign-row-"]')
    .filter({ has: page.getByTestId("phrase-campaign-cell-name").getByText(name, { exact: true }) });

test("an admin makes, edits and deletes a phrase campaign, and gives a flowbuilder connection its welcome flow", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signedInAdmin(page, baseURL!, "phrases");
  const api = apiAsPage(baseURL!, page);
  const { id: flowId } = await api("POST", "/flowbuilder", { name: "Atendimento" });
  await cloudConnection(baseURL!, api);
  const [connection] = await api<{ id: number; name: string }[]>("GET", "/whatsapp?session=0", undefined);

  await page.getByTestId("menu-group-flows").click();
  await page.getByTestId("menu-item-phrase-lists").click();
  await expect(page).toHaveURL(/\/phrase-lists$/);
  await expect(page.getByRole("heading", { name: "Campanhas" })).toBeVisible();
  await expect(page.getByTestId("phrase-campaigns-table")).toContainText(t("pt", "phraseCampaigns.empty"));

  // Nothing filled: name, flow and phrase marked, the missing connection flagged, nothing saved.
  await page.getByTestId("phrase-campaign-add").click();
  const modal = page.getByTestId("phrase-campaign-modal");
  await expect(modal).toContainText("Nova campanha com fluxo por frase");
  await modal.getByTestId("phrase-campaign-save").click();
  await expect(modal).toContainText(t("pt", "phraseCampaigns.form.nameRequired"));
  await expect(modal).toContainText(t("pt", "phraseCampaigns.form.flowRequired"));
  await expect(modal).toContainText(t("pt", "phraseCampaigns.form.phraseRequired"));
  await expect(modal).toContainText(t("pt", "phraseCampaigns.form.connectionMissing"));
  await expect(modal.getByTestId("phrase-campaign-connection")).toContainText("Selecione uma Conexão");

  // Name, flow and phrase: saved without a connection.
  await modal.getByTestId("phrase-campaign-name").fill("Promoção de pizza");
  await chooseFlow(modal, page, flowId);
  await modal.getByTestId("phrase-campaign-phrase").fill("Quero pizza");
  await page.screenshot({ path: `${shots}/3-campaign-dialog.png` });
  await modal.getByTestId("phrase-campaign-save").click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Frase criada com sucesso!")).toBeVisible();
  await expect(campaignRow(page, "Promoção de pizza").getByTestId("phrase-campaign-cell-status")).toHaveText("Ativo");

  // Edited: its connection chosen (shown with its status).
  await campaignRow(page, "Promoção de pizza").getByTestId("phrase-campaign-edit").click();
  await expect(modal).toContainText("Editar campanha com fluxo por frase");
  await expect(modal.getByTestId("phrase-campaign-phrase")).toHaveValue("Quero pizza");
  await expect(modal.getByTestId("phrase-campaign-flow")).toHaveValue("Atendimento");
  await modal.getByTestId("phrase-campaign-connection").click();
  await expect(page.getByTestId(`phrase-campaign-connection-option-${connection!.id}`)).toContainText("CONNECTED");
  await page.getByTestId(`phrase-campaign-connection-option-${connection!.id}`).click();
  await modal.getByTestId("phrase-campaign-save").click();
  await expect(modal).toBeHidden();
  await expect(page.getByText("Frase alterada com sucesso!")).toBeVisible();

  // A second active campaign with the same phrase (other accents and case) on the same connection: refused.
  await page.getByTestId("phrase-campaign-add").click();
  await modal.getByTestId("phrase-campaign-name").fill("Outra promoção");
  await chooseFlow(modal, page, flowId);
  await chooseConnection(modal, page, connection!.id);
  await modal.getByTestId("phrase-campaign-phrase").fill("quero PIZZA");
  await modal.getByTestId("phrase-campaign-save").click();
  await expect(page.getByText(t("pt", "backendErrors.ERR_FLOW_CAMPAIGN_PHRASE_TAKEN"))).toBeVisible();
  await expect(modal).toBeVisible();
  await modal.getByTestId("phrase-campaign-cancel").click();
  await expect(page.locator('[data-testid^="phrase-campaign-row-"]')).toHaveCount(1);

  // Switched off.
  await campaignRow(page, "Promoção de pizza").getByTestId("phrase-campaign-edit").click();
  await expect(modal.getByTestId("phrase-campaign-phrase")).toHaveValue("Quero pizza");
  await modal.getByTestId("phrase-campaign-status").uncheck();
  await modal.getByTestId("phrase-campaign-save").click();
  await expect(modal).toBeHidden();
  await expect(campaignRow(page, "Promoção de pizza").getByTestId("phrase-campaign-cell-status")).toHaveText(
    "Desativado",
  );
  await page.screenshot({ path: `${shots}/4-campaigns.png` });

  // Deleted, after the confirmation.
  await campaignRow(page, "Promoção de pizza").getByTestId("phrase-campaign-delete").click();
  await page.getByTestId("phrase-campaign-delete-dialog-confirm").click();
  await expect(page.getByText("Frase deletada")).toBeVisible();
  await expect(page.getByTestId("phrase-campaigns-table")).toContainText(t("pt", "phraseCampaigns.empty"));

  // The connection dialog: the flow selects appear with a flowbuilder integration, and the welcome flow is kept.
  await api("POST", "/queueIntegration", { type: "flowbuilder", name: "Fluxos da loja" });
  await page.getByTestId("menu-item-connections").click();
  await page.getByTestId("connection-edit").first().click();
  const connectionModal = page.getByTestId("connection-modal");
  await connectionModal.getByTestId("connection-tab-queues").click();
  await expect(connectionModal.getByTestId("connection-flowIdWelcome")).toHaveCount(0);
  await connectionModal.getByTestId("connection-integrationId").selectOption({ label: "Fluxos da loja" });
  await connectionModal.getByTestId("connection-flowIdWelcome").selectOption({ label: "Atendimento" });
  await expect(connectionModal.getByTestId("connection-flowIdNotPhrase")).toHaveValue("");
  await page.screenshot({ path: `${shots}/5-connection-flows.png` });
  await connectionModal.getByTestId("connection-modal-save").click();
  await expect(connectionModal).toBeHidden();
  const saved = await api<{ flowIdWelcome: number | null; flowIdNotPhrase: number | null }>(
    "GET",
    `/whatsapp/${connection!.id}?session=0`,
    undefined,
  );
  expect(saved).toMatchObject({ flowIdWelcome: flowId, flowIdNotPhrase: null });

  // Reopened, the dialog shows the chosen flow.
  await page.getByTestId("connection-edit").first().click();
  await connectionModal.getByTestId("connection-tab-queues").click();
  await expect(connectionModal.getByTestId("connection-flowIdWelcome")).toHaveValue(String(flowId));
});
