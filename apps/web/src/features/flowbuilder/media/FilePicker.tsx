/**
 * Choose one file for a media block or content item: checked at once against the kind's
 * formats and size (§5), the problem shown as an error toast and the file refused.
 */
import { useRef } from "react";
import { Button } from "@mui/material";
import UploadFile from "@mui/icons-material/UploadFile";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { acceptFor, checkFlowMedia, type FlowMediaKind } from "./formats";

interface Props {
  kind: FlowMediaKind;
  label: string;
  onPick: (file: File) => void;
  testId: string;
  disabled?: boolean;
}

export function FilePicker({ kind, label, onPick, testId, disabled }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = checkFlowMedia(kind, file);
    if (!problem) return onPick(file);
    // One toast per message: the same file chosen twice shows it once, another limit shows its own.
    const message = t(problem.key, problem.params);
    toast.error(message, { toastId: message });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptFor(kind)}
        data-testid={testId}
        onChange={(e) => {
          choose(e.target.files?.[0]);
          // The same file chosen again after a refusal fires change again.
          e.target.value = "";
        }}
      />
      <Button variant="outlined" startIcon={<UploadFile />} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}
