import type { QueueIntegrationDto, QueueIntegrationType } from "@balcao/contracts";
import { maskedJsonContent, signingSecretOf } from "../../integrations/integration-secrets.js";
import type { QueueIntegrationRow } from "./queue-integrations.queries.js";

/**
 * The shape the spec's client reads (automation-areas §3). jsonContent goes
 * out with its private_key masked; the signing secret whole (only admins read this).
 */
export function presentQueueIntegration(row: QueueIntegrationRow): QueueIntegrationDto {
  return {
    id: row.id,
    type: row.type as QueueIntegrationType,
    name: row.name,
    projectName: row.projectName,
    jsonContent: maskedJsonContent(row.jsonContent),
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    signingSecret: signingSecretOf(row),
    companyId: row.companyId,
    lastUpdate: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
