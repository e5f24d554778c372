/** Fresh, unique people and companies for each test, and the API calls the harness makes as a client would. */
import { randomBytes } from "node:crypto";

export interface Person {
  company: string;
  name: string;
  email: string;
  /** Meets the sign-up rule and the stronger reset rule (8+, upper, lower, digit). */
  password: string;
  /** Digits only, as a person types them. */
  phone: string;
}

export function newPerson(tag: string): Person {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  return {
    company: `E2E ${tag} ${id}`,
    name: `E2E ${tag} ${id}`,
    email: `e2e-${tag}-${id}@example.test`,
    password: `Senha${randomBytes(2).toString("hex")}9`,
    phone: "11987654321",
  };
}

export interface Plan {
  id: number;
  name: string;
}

export async function publicPlans(baseURL: string): Promise<Plan[]> {
  const res = await fetch(`${baseURL}/api/plans/list`);
  if (!res.ok) throw new Error(`GET /api/plans/list answered ${res.status}`);
  return (await res.json()) as Plan[];
}

/** POST /api/companies/cadastro exactly as the sign-up page sends it. */
export async function signUpByApi(baseURL: string, person: Person): Promise<{ id: number; dueDate: string }> {
  // The plan the server seeded (the oldest): specs running alongside add plans of their own (one
  // without AI or integrations, at value 0), and the list is sorted by value.
  const [plan] = (await publicPlans(baseURL)).sort((a, b) => a.id - b.id);
  if (!plan) throw new Error("no public plan to sign up with");
  const res = await fetch(`${baseURL}/api/companies/cadastro`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: person.company,
      email: person.email,
      phone: person.phone,
      password: person.password,
      planId: plan.id,
      recurrence: "MENSAL",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: number; dueDate: string };
}

/** POST /api/auth/login: the access token and user, as the login page receives them. */
export async function apiLogin(baseURL: string, email: string, password: string): Promise<{ token: string }> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login as ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { token: string };
}

/**
 * The admin's API calls a test makes as the web client would (areas whose pages are not under test here).
 * It signs in, so it ends a session of the same person that a browser holds (single session):
 * once a browser is signed in as them, use `apiAsPage`.
 */
export async function apiAs(baseURL: string, person: Person) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  const { token } = (await res.json()) as { token: string };
  return apiWithToken(baseURL, async () => token);
}

/** API calls with the access token `token()` gives at each call. */
export function apiWithToken(baseURL: string, token: () => Promise<string>) {
  return async <T = { id: number; name: string }>(method: string, path: string, body: unknown): Promise<T> => {
    const answer = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}`);
    return (await answer.json()) as T;
  };
}

/**
 * A company signed up by its owner, and a second admin of it who is to hold the browser: the owner's API
 * calls (live changes from another admin) then never end the browser's session, as a second login of the
 * same person would.
 */
export async function companyWithColleague(baseURL: string, tag: string) {
  const owner = newPerson(`${tag}-owner`);
  await signUpByApi(baseURL, owner);
  const ownerApi = await apiAs(baseURL, owner);
  const colleague = newPerson(`${tag}-admin`);
  await ownerApi("POST", "/users", {
    name: "Bia Admin",
    email: colleague.email,
    password: colleague.password,
    profile: "admin",
  });
  return { owner, ownerApi, colleague };
}
