/** A file chosen in a dialog, with an object URL to preview it, revoked when it changes or the dialog closes. */
import { useEffect, useState } from "react";

/** The object URL of `file` while it is the one shown. */
export function useChosenPreview(file: File | null): string | undefined {
  const [preview, setPreview] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

export function useChosenFile() {
  const [file, setFile] = useState<File | null>(null);
  return { file, preview: useChosenPreview(file), setFile };
}
