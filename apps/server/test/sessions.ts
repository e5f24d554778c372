/** Calls that end or change sessions, as an admin or a super user makes them, for the session tests. */
import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../src/db/schema/index.js";
import { ADMIN, type TestServer } from "./harness.js";
import { login } from "./factories.js";

/** PUT /users/{id} with the user modal's body: the user's own name and email unless `extra` says otherwise. */
export const editUser = (
  s: TestServer,
  token: string,
  user: { id: number; name: string; email: string },
  extra: Record<string, unknown> = {},
) =>
  s.request({
    method: "PUT",
    path: `/users/${user.id}`,
    token,
    body: { name: user.name, email: user.email, password: "", ...extra },
  });

/** PUT /companies/{id} as the platform's super admin (who signs in anew for it). */
export async function editCompany(s: TestServer, companyId: number, body: Record<string, unknown>) {
  const { token } = await login(s, ADMIN.email, ADMIN.password);
  return s.request({ method: "PUT", path: `/companies/${companyId}`, token, body });
}

export const refreshWith = (s: TestServer, cookie: string) =>
  s.request({ method: "POST", path: "/auth/refresh_token", cookies: { jrt: cookie } });

export const refreshCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === "jrt")?.value;

/** The reset code of the latest mail to `email` in the outbox (no SMTP configured). */
export async function outboxCode(s: TestServer, email: string): Promise<string> {
  const [mail] = await s.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  // Bounded: a name made of hex digits must not pass for the code.
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
