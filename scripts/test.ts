/**
 * `npm test`, the README's test command: lint, typecheck and the build side by side (each mostly
 * one busy process, none needing another's result), then Vitest, then Playwright on that build.
 * Each step starts only once those before it passed, as an `&&` chain would; a side-by-side
 * step's output is printed whole when it ends, so the three never interleave.
 */
import { spawn } from "node:child_process";

interface Step {
  name: string;
  command: string[];
}

const sideBySide: Step[] = [
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  { name: "build", command: ["npm", "run", "build"] },
];
const inTurn: Step[] = [
  { name: "vitest", command: ["npm", "run", "test:unit"] },
  { name: "playwright", command: ["npx", "playwright", "test"] },
];

/** Runs a step to its end; its output goes to the terminal as it comes, or is kept for later. */
function run(step: Step, keepOutput: boolean): Promise<{ code: number; output: string }> {
  const started = Date.now();
  const [program, ...args] = step.command as [string, ...string[]];
  const child = spawn(program, args, { stdio: keepOutput ? ["ignore", "pipe", "pipe"] : "inherit" });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const exit = code ?? (signal ? 1 : 0);
      const seconds = Math.round((Date.now() - started) / 1000);
      const output = Buffer.concat(chunks).toString() + `test: ${step.name} took ${seconds} s (exit ${exit})\n`;
      if (!keepOutput) process.stdout.write(output);
      resolve({ code: exit, output });
    });
  });
}

async function main(): Promise<number> {
  const outcomes = await Promise.all(sideBySide.map((step) => run(step, true)));
  for (const { output } of outcomes) process.stdout.write(output);
  const failed = outcomes.find(({ code }) => code !== 0);
  if (failed) return failed.code;
  for (const step of inTurn) {
    const { code } = await run(step, false);
    if (code !== 0) return code;
  }
  return 0;
}

process.exitCode = await main();
