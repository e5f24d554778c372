/** ERR_FLOW_INVALID (issue 18 item 3): 400 with the node the builder highlights at the top of the body. */
import { AppError } from "../../http/errors.js";

/**
 * `reason` says which rule (for logs and tests; the client shows the catalogue text and highlights
 * `nodeId`); null names no node (the graph's own fault: no start node, a connection to nowhere).
 */
export function flowInvalid(nodeId: string | null, reason: string, details: Record<string, unknown> = {}): AppError {
  const err = new AppError("ERR_FLOW_INVALID", { reason, ...details });
  err.body = { nodeId };
  return err;
}
