import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestServer, type TestServer } from "../../../test/harness.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe("login", () => {
  it("signs the seeded super admin in with token, company settings and due date", async () => {
    const res = await s.request({ method: "POST", path: "/auth/login", body: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeTypeOf("string");
    expect(body.user).toMatchObject({ id: 1, companyId: 1, super: true, profile: "admin" });
    expect(body.user.company.settings).toContainEqual({ key: "userRating", value: "disabled" });
  });

  it("refuses a wrong password with ERR_INVALID_CREDENTIALS", async () => {
    const res = await s.request({ method: "POST", path: "/auth/login", body: { ...ADMIN, password: "nope" } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
  });
});
