/**
 * What the builder (FlowBuilderPage) and every block dialog agree on (automation-areas §2
 * "Block dialogs", §4 "Builder dialogs"): a dialog opens in create or edit mode with the
 * node's data, and hands back the node's new data on save (§3 "Node": data per type).
 */
import type { ComponentType } from "react";
import type { FlowNodeType } from "@balcao/contracts";

export type BlockDialogMode = "create" | "edit";

export interface BlockDialogProps {
  open: boolean;
  mode: BlockDialogMode;
  /** The node's data when editing; undefined when creating. */
  data?: Record<string, unknown>;
  /** The answer keys of the flow's question nodes (§3 "Flow variables"), for the dialogs that list them. */
  variables: string[];
  onSave: (data: Record<string, unknown>) => void;
  onClose: () => void;
}

export type BlockDialog = ComponentType<BlockDialogProps>;

/** The node types §2 gives a dialog (start has none), plus condition and video. */
export type DialogNodeType = Exclude<FlowNodeType, "start">;
