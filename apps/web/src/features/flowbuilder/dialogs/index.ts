import { MenuDialog } from "./MenuDialog";
import { MessageDialog } from "./MessageDialog";
import { QuestionDialog } from "./QuestionDialog";
import { TicketDialog } from "./TicketDialog";
import type { BlockDialog, DialogNodeType } from "./types";

/** Each node type's dialog; filled in as the dialogs are built. */
export const blockDialogs: Partial<Record<DialogNodeType, BlockDialog>> = {
  message: MessageDialog,
  menu: MenuDialog,
  question: QuestionDialog,
  ticket: TicketDialog,
};
