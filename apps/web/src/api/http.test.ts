import { describe, expect, it } from "vitest";
import { ApiError, isRefusal } from "./http";

describe("isRefusal", () => {
  it("ends the session only on the server's refusal, not on a refresh that got no answer or a passing failure", () => {
    expect(isRefusal(new ApiError(401, { error: "ERR_SESSION_EXPIRED" }))).toBe(true);
    expect(isRefusal(new ApiError(403, { error: "ERR_INVALID_TOKEN" }))).toBe(true);
    expect(isRefusal(new TypeError("Failed to fetch"))).toBe(false);
    expect(isRefusal(new DOMException("The user aborted a request.", "AbortError"))).toBe(false);
    expect(isRefusal(new ApiError(503, { error: "ERR_INTERNAL_SERVER_ERROR" }))).toBe(false);
    expect(isRefusal(new ApiError(429, { error: "ERR_TOO_MANY_REQUESTS" }))).toBe(false);
  });
});
