/**
 * The notification volume (core-platform §2.2): 0 to 1, default 1, kept in the
 * browser as `volume`. A tiny store so the slider and the sound player agree.
 */
import { useSyncExternalStore } from "react";
import { readStored, writeStored } from "../../api/storage";

const listeners = new Set<() => void>();

export function getVolume(): number {
  const raw = Number(readStored<number | string>("volume"));
  return Number.isFinite(raw) && raw >= 0 && raw <= 1 ? raw : 1;
}

export function setVolume(value: number) {
  writeStored("volume", Math.round(value * 10) / 10);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVolume(): number {
  return useSyncExternalStore(subscribe, getVolume);
}
