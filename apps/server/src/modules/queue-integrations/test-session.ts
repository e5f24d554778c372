/**
 * POST /queueIntegration/testSession (automation-areas §7; issue 17 item 6):
 * the dialog's "test" button. One detect intent with the JSON and project the
 * dialog holds (a masked private_key stands for the stored one of `id`):
 * 200 when the agent answers, else ERR_DIALOGFLOW_INVALID_JSON, _AUTH or _PROJECT.
 */
import { randomUUID } from "node:crypto";
import type { QueueIntegrationTest } from "@balcao/contracts";
import type { Context } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { detectIntent } from "../../integrations/dialogflow/detect-intent.js";
import { DialogflowError, parseServiceAccount } from "../../integrations/dialogflow/service-account.js";
import { jsonContentOf, sentJsonContent } from "../../integrations/integration-secrets.js";
import { assertOutboundUrlAllowed } from "../../outbound/index.js";
import { loadQueueIntegration } from "./queue-integrations.service.js";

export async function testDialogflowSession(
  ctx: Context,
  companyId: number,
  input: QueueIntegrationTest,
): Promise<void> {
  const stored = input.id ? jsonContentOf(await loadQueueIntegration(ctx, companyId, input.id)) : "";
  const json = sentJsonContent(input.jsonContent.trim(), stored);
  try {
    const account = parseServiceAccount(json);
    await assertOutboundUrlAllowed(account.tokenUri);
    await detectIntent({
      companyId,
      apiUrl: ctx.config.DIALOGFLOW_API_URL,
      account,
      project: input.projectName || account.projectId,
      session: randomUUID(),
      text: "Olá",
      languageCode: input.language,
    });
  } catch (err) {
    if (err instanceof DialogflowError) throw new AppError(err.code, { reason: err.message });
    throw err;
  }
}
