/** The letter an avatar shows for a name: its first letter or digit ("@carla.s" → "C"), else its first character (a whole emoji). */
export function initialOf(name: string): string {
  return (name.match(/[\p{L}\p{N}]/u)?.[0] ?? Array.from(name)[0] ?? "").toUpperCase();
}
