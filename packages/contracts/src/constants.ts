/** Business constants and limits of core-platform §9. */
export const APP_VERSION = "8.0.1";

export const languages = ["pt", "en", "es"] as const;
export type Language = (typeof languages)[number];

export const recurrences = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof recurrences)[number];

export function isRecurrence(value: string): value is Recurrence {
  return (recurrences as readonly string[]).includes(value);
}

export const recurrenceMonths: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

export const timings = {
  searchDebounceMs: 500,
  submitDelayMs: 400,
  settingsSubmitDelayMs: 500,
  errorToastMs: 2000,
  userStatusIntervalMs: 300_000,
  forcedLogoutReloadMs: 1000,
  dashboardFirstLoadMs: 1000,
  connectionBadgeCheckMs: 2000,
  socketPingMs: 18_000,
  /** How long the server keeps a dropped socket's missed events to replay when it comes back. */
  socketRecoveryMs: 120_000,
  copiedQrResetMs: 1000,
  paymentRedirectMs: 4000,
  planDenialRedirectMs: 1000,
} as const;

export const limits = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 5,
  passwordMax: 50,
  resetPasswordMin: 8,
  contactNumberMin: 8,
  contactNumberMax: 50,
  noteMin: 2,
  scheduleBodyMin: 5,
  searchMin: 3,
  signupPhoneMax: 11,
  minRecordedAudioBytes: 10_000,
  messageBoxRows: 5,
  quickAnswerPreview: 35,
  mobileBreakpointPx: 600,
  mobileNameCut: 10,
  drawerWidthPx: 240,
  drawerOpenAbovePx: 1200,
  contactDrawerPx: 320,
  qrCodePx: 256,
  emailMax: 120,
} as const;

export const realtimeLimits = {
  /** Narrower rooms (ticket boxes, status lists, notifications) one socket may be in at once. */
  roomsPerSocket: 24,
  /**
   * Client events one socket may send at once (the web client sends its userStatus and every room it holds
   * on connect: at most 1 + roomsPerSocket), then per second; one more is refused with ERR_TOO_MANY_REQUESTS.
   */
  eventBurst: 40,
  eventsPerSecond: 10,
  /** Refusals in a row after which the socket is dropped. */
  refusalsBeforeDrop: 20,
  /** The server writes a user's presence at most once per this interval; the last report wins. */
  presenceWriteMs: 2_000,
} as const;

export const subscription = {
  warnBelowDays: 5,
  trialDays: 3,
} as const;

export const auth = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 7 * 24 * 60 * 60,
  resetCodeTtlMinutes: 30,
  resetCodeMaxAttempts: 5,
  /** Wrong reset codes an account may try across all its codes before the window below passes. */
  resetAccountMaxAttempts: 10,
  resetAccountWindowHours: 24,
  /**
   * A refresh token already rotated away is answered with the session's current
   * tokens this long after its rotation (two tabs refreshing together); later it
   * counts as stolen and ends the session.
   */
  refreshReuseGraceSeconds: 10,
  /** Wrong current passwords a signed-in session may give (to change email or password) before it ends. */
  currentPasswordMaxFailures: 5,
  /** How long a process trusts its last look at a user's session before asking the database again. */
  sessionCheckCacheMs: 5000,
  refreshCookie: "jrt",
} as const;

export const defaultQueueColor = "#7C7C7C";
export const defaultTimeZone = "America/Sao_Paulo";

/** The platform company, created on first start, never expires. */
export const PLATFORM_COMPANY_ID = 1;

const MB = 1024 * 1024;

/**
 * Files under hostile input (issue 10 item 5): what one request, one user and
 * one process take at once, so memory stays bounded whatever is sent.
 */
export const mediaLimits = {
  /** WhatsApp's largest file (a document): agents' uploads and customers' media stop past it. */
  fileMaxBytes: 100 * MB,
  /** The files of one request to POST /messages/{ticketId} or the external messages API, together. */
  messageRequestMaxBytes: 100 * MB,
  /** Files of one message form (a pick of several files is one request). */
  messageFilesMax: 10,
  /** Files and fields of one form together (a body per file, fromMe, quotedMsg, number). */
  formPartsMax: 30,
  /** One text field of a form (a quick message's text is at most 10,000 characters). */
  formFieldMaxBytes: 64 * 1024,
  /** Uploads under way at once per user (or per API token); one more answers ERR_TOO_MANY_UPLOADS. */
  uploadsPerUser: 2,
  /** Voice notes converted at once (ffmpeg, one core each); more wait their turn. */
  voiceNoteConversions: 2,
} as const;

/**
 * What a spreadsheet (an .xlsx: a zip of XML files) may hold before it is read
 * (issue 29 item 2), checked on the zip's directory and again on the bytes
 * really inflated. A real contact sheet stays far below: the 50,000 rows
 * contact lists take, with ten columns, saved by exceljs, make a 2.6 MB file
 * whose sheet part inflates to 19 MB and its shared strings to 7 MB (measured);
 * a part of 48 MB holds some 25 such columns. Excel writes some 10 parts plus
 * a few per sheet.
 */
export const spreadsheetLimits = {
  entriesMax: 500,
  /** One part, inflated. */
  entryMaxBytes: 48 * MB,
  /** All parts together, inflated. */
  totalMaxBytes: 192 * MB,
} as const;

/** Rows of the lookup lists autocompletes search (GET /contacts/list, /tags/list, /quick-messages/list). */
export const lookupListMax = 50;
