/**
 * A person's to-do list (business-areas §2.16): tasks added, edited and removed
 * stay in this browser across reloads and never reach the server; a delete asks first.
 */
import { expect, test } from "./harness/fixtures.js";
import { t } from "./harness/i18n.js";
import { logIn } from "./harness/pages.js";
import { newPerson, signUpByApi } from "./harness/people.js";

test("tasks are added, edited, kept after reload and deleted, all in the browser", async ({ page, baseURL }) => {
  const person = newPerson("todo");
  await signUpByApi(baseURL!, person);
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/tickets$/);

  // Whatever the app sends, a task's text never leaves the browser.
  const sent: string[] = [];
  page.on("request", (req) => sent.push(`${req.url()} ${req.postData() ?? ""}`));
  await page.goto("/todolist");
  await page.getByTestId("todo-input").fill("Ligar para o cliente");
  await page.getByTestId("todo-submit").click();
  const list = page.getByTestId("todo-list");
  await expect(list).toContainText("Ligar para o cliente");

  await list.getByRole("button", { name: /editar/i }).click();
  await page.getByTestId("todo-input").fill("Retornar a ligação");
  await page.getByTestId("todo-submit").click();
  await expect(list).toContainText("Retornar a ligação");
  await expect(list).not.toContainText("Ligar para o cliente");

  await page.reload();
  await expect(page.getByTestId("todo-list")).toContainText("Retornar a ligação");

  // A delete asks first, naming the task, as other deletes do; Cancel keeps it.
  const deleteButton = page.getByTestId("todo-list").getByRole("button", { name: /excluir/i });
  const confirm = page.getByTestId("todo-delete-dialog");
  await deleteButton.click();
  await expect(confirm).toContainText(t("pt", "todo.confirmDelete.title"));
  await expect(confirm).toContainText("Retornar a ligação");
  await confirm.getByTestId("todo-delete-dialog-cancel").click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("todo-list")).toContainText("Retornar a ligação");

  await deleteButton.click();
  await confirm.getByTestId("todo-delete-dialog-confirm").click();
  await expect(page.getByTestId("todo-list")).toBeHidden();
  expect(sent.filter((r) => /Ligar|Retornar|liga%C3%A7%C3%A3o/.test(r))).toEqual([]);
});
