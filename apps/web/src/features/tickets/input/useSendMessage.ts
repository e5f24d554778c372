/**
 * POST /messages/{ticketId} (core-platform §7.5): text as JSON (signed when
 * the option is on, with the quoted message), files as multipart with
 * fromMe=true, medias and one body per file.
 */
import type { MessageDto } from "@balcao/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";

export interface OutgoingFile {
  file: File;
  /** The file name for plain files; a quick message's text for its media. */
  body: string;
}

export function useSendMessage(ticketId: number) {
  const text = useMutation({
    mutationFn: (msg: { body: string; quotedMsg: MessageDto | null }) =>
      api.post(`/messages/${ticketId}`, {
        read: 1,
        fromMe: true,
        mediaUrl: "",
        body: msg.body,
        quotedMsg: msg.quotedMsg,
      }),
    onError: toastError,
  });
  const files = useMutation({
    mutationFn: (list: OutgoingFile[]) => {
      const form = new FormData();
      form.append("fromMe", "true");
      for (const { file, body } of list) {
        form.append("medias", file);
        form.append("body", body);
      }
      return api.post(`/messages/${ticketId}`, form);
    },
    onError: toastError,
  });
  return { text, files, sending: text.isPending || files.isPending };
}
