/** The message being replied to, shared by the list (Reply) and the input (preview bar, quotedMsg). */
import { createContext, useContext } from "react";
import type { MessageDto } from "@balcao/contracts";

export interface ReplyState {
  replyingTo: MessageDto | null;
  setReplyingTo: (message: MessageDto | null) => void;
}

export const ReplyContext = createContext<ReplyState>({ replyingTo: null, setReplyingTo: () => undefined });

export const useReply = () => useContext(ReplyContext);
