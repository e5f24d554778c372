/** What every node of the chatbot options editor shares: selection, open nodes, the unsaved draft, the calls. */
import { createContext, useContext } from "react";
import type { QueueOptionDto } from "@balcao/contracts";
import type { useOptionMutations } from "./useQueueOptions";

export interface OptionsEditor {
  queueId: number;
  /** The saved option 'Adicionar' adds under; null adds a root option. */
  selected: QueueOptionDto | null;
  /** Options whose children are shown. */
  openIds: ReadonlySet<number>;
  toggle: (option: QueueOptionDto) => void;
  /** Where the unsaved new option sits: a parent id, null for the root, undefined for none. */
  draftParent: number | null | undefined;
  closeDraft: () => void;
  askDelete: (option: QueueOptionDto) => void;
  mutations: ReturnType<typeof useOptionMutations>;
}

export const OptionsEditorContext = createContext<OptionsEditor | null>(null);

export function useOptionsEditor(): OptionsEditor {
  const ctx = useContext(OptionsEditorContext);
  if (!ctx) throw new Error("useOptionsEditor outside QueueOptionsEditor");
  return ctx;
}
