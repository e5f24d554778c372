/** A file chosen in a dialog, with an object URL to preview it, revoked when it changes or the dialog closes. */
import { useEffect, useState } from "react";

export function useChosenFile() {
  const [file, setFile] = useState<File | null>(null);
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
  return { file, preview, setFile };
}
