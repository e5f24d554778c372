import { ConditionDialog } from "./ConditionDialog";
import { ContentDialog } from "./ContentDialog";
import { IntervalDialog } from "./IntervalDialog";
import { AudioDialog, ImageDialog, VideoDialog } from "./MediaDialog";
import { MenuDialog } from "./MenuDialog";
import { MessageDialog } from "./MessageDialog";
import { OpenAiDialog } from "./OpenAiDialog";
import { QuestionDialog } from "./QuestionDialog";
import { RandomizerDialog } from "./RandomizerDialog";
import { TicketDialog } from "./TicketDialog";
import { TypebotDialog } from "./TypebotDialog";
import type { BlockDialog, DialogNodeType } from "./types";

/** Each node type's dialog (§2 "Block dialogs", plus condition and video). */
export const blockDialogs: Record<DialogNodeType, BlockDialog> = {
  message: MessageDialog,
  menu: MenuDialog,
  interval: IntervalDialog,
  img: ImageDialog,
  audio: AudioDialog,
  video: VideoDialog,
  randomizer: RandomizerDialog,
  singleBlock: ContentDialog,
  ticket: TicketDialog,
  typebot: TypebotDialog,
  openai: OpenAiDialog,
  question: QuestionDialog,
  condition: ConditionDialog,
};
