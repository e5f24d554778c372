/**
 * The pace (SERVER-BEHAVIOUR "Campaigns", business-areas §9; issue 12 item 5):
 * `messageInterval` seconds between sends, and after every
 * `longerIntervalAfter` sends `greaterInterval` seconds instead — seconds, not
 * milliseconds, and the longer interval really applying (the older products'
 * two defects). The rule as a pure function, then measured: the gaps between
 * the sends the fake Graph API receives.
 */
import { describe, expect, it } from "vitest";
import { dispatchWorld, reachStatus, shippingRows, startNow } from "../../../test/campaign-dispatch.js";
import { cloudServerPerFile } from "../../../test/cloud-connection.js";
import type { FakeGraph } from "../../../test/fake-graph.js";
import type { TestServer } from "../../../test/harness.js";
import { gapSeconds, nextSendAt } from "./campaign-pace.js";

let s: TestServer;
let fake: FakeGraph;
cloudServerPerFile((started) => ({ s, fake } = started));

describe("the rule", () => {
  const pace = { messageInterval: 20, longerIntervalAfter: 3, greaterInterval: 60 };

  it("waits messageInterval seconds, and greaterInterval after every longerIntervalAfter sends", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((sent) => gapSeconds(pace, sent))).toEqual([0, 20, 20, 60, 20, 20, 60, 20]);
  });

  it("never takes the longer interval when longerIntervalAfter is 0 ('not defined')", () => {
    const none = { ...pace, longerIntervalAfter: 0 };
    expect([1, 3, 20].map((sent) => gapSeconds(none, sent))).toEqual([20, 20, 20]);
  });

  it("counts from the last send, in seconds; the first goes at once", () => {
    const last = new Date("2026-03-01T12:00:00Z");
    expect(nextSendAt(pace, { sentCount: 0, lastSendAt: null }).getTime()).toBe(0);
    expect(nextSendAt(pace, { sentCount: 1, lastSendAt: last })).toEqual(new Date("2026-03-01T12:00:20Z"));
    expect(nextSendAt(pace, { sentCount: 3, lastSendAt: last })).toEqual(new Date("2026-03-01T12:01:00Z"));
    expect(nextSendAt({ ...pace, messageInterval: 0 }, { sentCount: 1, lastSendAt: last })).toEqual(last);
  });
});

/** When each number's first send reached the fake Graph API, looked at every 20 ms (so ± 40 ms a gap). */
function arrivals(numbers: string[]) {
  const at = new Map<string, number>();
  const timer = setInterval(() => {
    for (const x of fake.sent) if (numbers.includes(x.to) && !at.has(x.to)) at.set(x.to, Date.now());
  }, 20);
  return {
    gaps(): number[] {
      clearInterval(timer);
      const times = numbers.map((n) => at.get(n)!);
      return times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    },
  };
}

/** Seconds between the claims of a campaign's rows (attemptedAt), in order. */
async function claimGaps(campaignId: number): Promise<number[]> {
  const times = (await shippingRows(s, campaignId)).map((r) => r.attemptedAt!.getTime());
  return times.slice(1).map((t, i) => (t - times[i]!) / 1000);
}

describe("measured", () => {
  it("sends 5 s apart with messageInterval 5, and waits greaterInterval 5 after every 5 sends", async () => {
    const even = await dispatchWorld(s, fake, 3, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const longer = await dispatchWorld(s, fake, 6, { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 5 });
    const watched = [arrivals(even.numbers), arrivals(longer.numbers)];
    const campaigns = [
      await startNow(s, even.t.agent.token, { ...even.refs, message1: "Olá {nome}" }),
      await startNow(s, longer.t.agent.token, { ...longer.refs, message1: "Oi {nome}" }),
    ];
    await reachStatus(s, even.t.agent.token, campaigns[0]!.id, "FINALIZADA", 30_000);
    await reachStatus(s, longer.t.agent.token, campaigns[1]!.id, "FINALIZADA", 30_000);
    const [evenGaps, longerGaps] = watched.map((w) => w.gaps());

    // What WhatsApp saw, give or take the poll's 40 ms and one send's latency against another's.
    for (const gap of evenGaps!) expect(gap).toBeGreaterThan(4.5);
    for (const gap of evenGaps!) expect(gap).toBeLessThan(6.5);
    for (const gap of longerGaps!.slice(0, 4)) expect(gap).toBeLessThan(1);
    expect(longerGaps![4]).toBeGreaterThan(4.5);
    expect(longerGaps![4]).toBeLessThan(6.5);
    // When each send was handed to WhatsApp (the pace's own clock): never early.
    const claims = await Promise.all(campaigns.map((c) => claimGaps(c.id)));
    for (const gap of claims[0]!) expect(gap).toBeGreaterThanOrEqual(5);
    expect(claims[1]![4]).toBeGreaterThanOrEqual(5);
  }, 40_000);
});
