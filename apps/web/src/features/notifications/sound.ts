/**
 * The notification sound (core-platform §4.7): a short two-tone chime made
 * with Web Audio at the stored volume, so no audio file has to ship.
 */
import { getVolume } from "../layout/volume";

let context: AudioContext | null = null;

export function playChime(volume: number = getVolume()) {
  if (volume <= 0 || typeof AudioContext === "undefined") return;
  context ??= new AudioContext();
  const ctx = context;
  // A context made before any click starts suspended; a later gesture lets it resume.
  if (ctx.state === "suspended") void ctx.resume();
  const now = ctx.currentTime;
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.4 * volume, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.5);
  for (const [freq, start] of [
    [880, 0],
    [1320, 0.12],
  ] as const) {
    const osc = ctx.createOscillator();
    osc.type = "sine";
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(now + start);
    osc.stop(now + 0.5);
  }
}
