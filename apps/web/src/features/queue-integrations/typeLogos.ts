/** The type marks shown in the list (automation-areas §2): our own small SVGs, bundled with the app. */
import type { QueueIntegrationType } from "@balcao/contracts";
import dialogflow from "./logos/dialogflow.svg";
import flowbuilder from "./logos/flowbuilder.svg";
import n8n from "./logos/n8n.svg";
import typebot from "./logos/typebot.svg";
import webhook from "./logos/webhook.svg";

export const typeLogos: Record<QueueIntegrationType, string> = { dialogflow, n8n, webhook, typebot, flowbuilder };
