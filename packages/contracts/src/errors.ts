/**
 * The spec's error catalogue (core-platform §8.1) plus the few codes the server
 * needs for cases the spec leaves open. Each code maps to one HTTP status.
 */
export const errorStatus = {
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_DONT_EXISTS: 404,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  // Codes the spec leaves open; the web app localises them like the others.
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 403,
  ERR_INVALID_REFRESH_TOKEN: 401,
  ERR_SUBSCRIPTION_EXPIRED: 401,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_COMPANY_NAME_ALREADY_EXISTS: 409,
  ERR_PLAN_NOT_FOUND: 404,
  ERR_PLAN_NAME_ALREADY_EXISTS: 409,
  ERR_PLAN_IN_USE: 409,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NOT_FOUND: 404,
  ERR_INVALID_RESET_CODE: 400,
  ERR_WEAK_PASSWORD: 400,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_INVALID_JSON: 400,
  ERR_PLAN_LIMIT_REACHED: 403,
  ERR_COMPANY_INACTIVE: 403,
  ERR_DUPLICATED_TAG: 409,
  ERR_INVALID_FILE: 400,
  ERR_FILE_TOO_LARGE: 413,
  /** A form with more files or fields than its route takes. */
  ERR_TOO_MANY_PARTS: 413,
  /** The user already has as many uploads under way as one may. */
  ERR_TOO_MANY_UPLOADS: 429,
  ERR_WAPP_TOKEN_ALREADY_EXISTS: 409,
  /** Changing one's own email or password without the right current password. */
  ERR_INVALID_CURRENT_PASSWORD: 400,
  /** A schedule already sent (sentAt set) is read-only. */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /** Two campaign variables with one key (business-areas §5), or a key a built-in variable has. */
  ERR_DUPLICATED_CAMPAIGN_VARIABLE: 409,
  /** A contact list import in the old binary .xls format (Excel 97-2003): only .xlsx sheets are read. */
  ERR_XLS_NOT_SUPPORTED: 400,
  /** §4: a campaign that is neither INATIVA nor PROGRAMADA over an hour ahead (CANCELADA: messages only). */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** A campaign cannot be scheduled or started without a connection. */
  ERR_CAMPAIGN_NO_CONNECTION: 400,
  /** A campaign cannot be scheduled or started without recipients (a list with valid numbers, or a tag with contacts). */
  ERR_CAMPAIGN_NO_RECIPIENTS: 400,
  /** A campaign cannot be scheduled or started without a message (or, with confirmation, a confirmation message). */
  ERR_CAMPAIGN_NO_MESSAGE: 400,
  /** Cancel is for a campaign EM_ANDAMENTO (or PROGRAMADA): this one is not sending. */
  ERR_CAMPAIGN_NOT_RUNNING: 409,
  /** Restart is for a CANCELADA campaign. */
  ERR_CAMPAIGN_NOT_CANCELED: 409,
  /** A kanban card moves only to a lane: a tag with the kanban flag (or the 'open' lane). */
  ERR_TAG_NOT_KANBAN: 400,
  /** Billing: an invoice that is not the caller's company's (or does not exist). */
  ERR_INVOICE_NOT_FOUND: 404,
  /** Billing: a checkout of an invoice already paid. */
  ERR_INVOICE_ALREADY_PAID: 409,
  /** Billing: a checkout of an invoice a super user's due date change cancelled (its period is no longer the company's). */
  ERR_INVOICE_CANCELLED: 409,
  /** Billing: the platform has no payment provider access token (setting `asaas`). */
  ERR_PAYMENT_NOT_CONFIGURED: 503,
  /** Billing: the payment provider is down, timed out, failed, or refused our credentials. */
  ERR_PAYMENT_PROVIDER_UNAVAILABLE: 502,
  /** Billing: the payment provider refused the charge or the customer (details.description: its words). */
  ERR_PAYMENT_PROVIDER_REFUSED: 422,
  /** A URL we would call that is not http(s) or reaches loopback, private, link-local or unspecified addresses. */
  ERR_OUTBOUND_URL_FORBIDDEN: 400,
  /** "Transcrever" on a message that is no audio, or on a ticket whose queue and connection have no AI prompt. */
  ERR_TRANSCRIPTION_UNAVAILABLE: 400,
  /** The AI provider could not transcribe the audio (down, timed out, refused the key or the file). */
  ERR_TRANSCRIPTION_FAILED: 502,
  /** POST /queueIntegration/testSession: jsonContent is not a Google service-account JSON (client_email, private_key, token_uri). */
  ERR_DIALOGFLOW_INVALID_JSON: 400,
  /** Dialogflow: the service account's token could not be had (key refused, token_uri unreachable or forbidden). */
  ERR_DIALOGFLOW_AUTH: 400,
  /** Dialogflow: the project (agent) refused or does not exist for this service account. */
  ERR_DIALOGFLOW_PROJECT: 400,
  /** POST /flowbuilder/flow: the graph breaks a rule (unknown type, dangling edge, bad interval…); `nodeId` names the node. */
  ERR_FLOW_INVALID: 400,
  /** Another active phrase campaign already has this phrase on this connection. */
  ERR_FLOW_CAMPAIGN_PHRASE_TAKEN: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && value in errorStatus;
}

/** The body of every error response. `fields` lists validation failures. */
export interface ErrorBody {
  error: ErrorCode;
  fields?: { path: string; message: string }[];
  /** Extra data a client may read, e.g. the expiry date of an expired company. */
  details?: Record<string, unknown>;
  /** ERR_FLOW_INVALID: the node the refused graph names (null when the fault is the graph's, e.g. no start node). */
  nodeId?: string | null;
}
