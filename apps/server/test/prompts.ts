/** An AI prompt row for tests that need one to exist (a ticket or a connection that names it). */
import { prompts } from "../src/db/schema/index.js";
import { encryptSecret } from "../src/secrets/index.js";
import type { TestServer } from "./harness.js";

export async function buildPrompt(
  s: TestServer,
  companyId: number,
  overrides: Partial<typeof prompts.$inferInsert> = {},
) {
  const [row] = await s.ctx.db
    .insert(prompts)
    .values({
      companyId,
      name: "Atendente IA",
      prompt: "Você é a atendente virtual da loja. Responda com educação e em poucas palavras.",
      model: "gpt-4o-mini",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      apiKey: encryptSecret("sk-test-prompt-key-0000"),
      ...overrides,
    })
    .returning();
  return row!;
}
