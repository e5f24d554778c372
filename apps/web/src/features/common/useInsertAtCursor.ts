/**
 * Inserting text (a message variable) at a text box's cursor, in place of
 * its selection; the cursor goes back after what was inserted. The quick
 * message and schedule modals share it.
 */
import { useRef } from "react";

/** The text with `insert` put in place of the selection [start, end). */
export function insertAt(text: string, insert: string, start: number, end = start): string {
  return text.slice(0, start) + insert + text.slice(end);
}

/** `ref` goes on the text box (FormText's textRef); `insert` reads the form's text and writes it back changed. */
export function useInsertAtCursor(read: () => string, write: (text: string) => void) {
  const ref = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null);
  const insert = (piece: string) => {
    const text = read();
    const el = ref.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    write(insertAt(text, piece, start, end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + piece.length, start + piece.length);
    });
  };
  return { ref, insert };
}
