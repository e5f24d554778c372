/**
 * Every call to the outside goes through here (issue 17 item 7). See fetch.ts
 * for outboundFetch / guardedFetch, policy.ts for the SSRF guard used at save
 * time (assertOutboundUrlAllowed) and setOutboundPolicy (server.ts, from
 * ALLOW_PRIVATE_OUTBOUND), errors.ts for OutboundError, stream.ts for a guarded
 * download read as it arrives (outboundStream).
 */
export { classifyAddress, addressAllowed, type AddressClass } from "./addresses.js";
export { OutboundError, type OutboundErrorKind } from "./errors.js";
export {
  guardedFetch,
  guardedFetchWith,
  outboundDefaults,
  outboundFetch,
  type OutboundInit,
  type OutboundResponse,
} from "./fetch.js";
export { outboundStream } from "./stream.js";
export {
  assertOutboundUrlAllowed,
  checkOutboundUrl,
  outboundPolicy,
  setOutboundPolicy,
  type OutboundPolicy,
} from "./policy.js";
