import { describe, expect, it } from "vitest";
import { createForeground } from "./foreground.js";

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 20));
  return done;
};

describe("foreground work", () => {
  it("keeps nothing waiting when none runs", async () => {
    expect(await settled(createForeground().quiet(10_000))).toBe(true);
  });

  it("holds a wait until the last of several runs ends, and returns each run's result", async () => {
    const fg = createForeground();
    const ends: (() => void)[] = [];
    const run = (value: string) => fg.during(() => new Promise<string>((r) => ends.push(() => r(value))));
    const first = run("a");
    const second = run("b");
    const wait = fg.quiet(10_000);
    ends[0]!();
    expect(await first).toBe("a");
    expect(await settled(wait)).toBe(false);
    ends[1]!();
    expect(await second).toBe("b");
    expect(await settled(wait)).toBe(true);
  });

  it("ends a wait after its limit under work that never stops, and counts a failed run as ended", async () => {
    const fg = createForeground();
    const endless = fg.during(() => new Promise(() => undefined));
    void endless;
    const started = Date.now();
    await fg.quiet(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    const fg2 = createForeground();
    const failing = fg2.during(() => Promise.reject(new Error("refused")));
    await expect(failing).rejects.toThrow("refused");
    expect(await settled(fg2.quiet(10_000))).toBe(true);
  });
});
