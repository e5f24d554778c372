/** Contacts made as a user makes them (POST /contacts), for the contacts tests. */
import { expect } from "vitest";
import type { TestServer } from "./harness.js";

let seq = 0;
export const uniqueNumber = () => `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq).padStart(3, "0")}`;

export const postContact = (s: TestServer, token: string, body: unknown) =>
  s.request({ method: "POST", path: "/contacts", token, body });

/** A contact named Maria Silva with a number no other test uses, unless `body` says otherwise. */
export async function newContact(s: TestServer, token: string, body: Record<string, unknown> = {}) {
  const res = await postContact(s, token, { name: "Maria Silva", number: uniqueNumber(), email: "", ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
