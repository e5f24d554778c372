/**
 * The block dialogs' host (§4 "Builder dialogs and node actions"): the add menu opens a
 * type's dialog in create mode, a double-click in edit mode; create places a new node,
 * edit replaces the node's data, and a question's answer key joins (or replaces its old
 * key in) the variables (§4 "Question answer keys"). A start block has no dialog.
 */
import { useState } from "react";
import { flowBuilder, newFlowNodeId, type FlowNodeType } from "@balcao/contracts";
import { addNode, replaceData } from "./canvas/placement";
import type { CanvasNode, FlowData } from "./canvas/types";
import { addVariable, answerKeyOf, replaceVariable } from "./canvas/variables";
import { blockDialogs } from "./dialogs";
import type { BlockDialogMode, DialogNodeType } from "./dialogs/types";

type Open = { type: DialogNodeType; mode: BlockDialogMode; node?: CanvasNode } | null;

interface Deps {
  nodes: CanvasNode[];
  setNodes: (change: (nodes: CanvasNode[]) => CanvasNode[]) => void;
  variables: string[];
  setVariables: (list: string[]) => void;
  /** A node was added (to bring it into view). */
  onAdded: (id: string) => void;
}

export function useBlockDialog({ nodes, setNodes, variables, setVariables, onAdded }: Deps) {
  const [open, setOpen] = useState<Open>(null);

  const create = (type: FlowNodeType) => {
    if (type !== "start") return setOpen({ type, mode: "create" });
    setNodes((list) => addNode(list, "start", {}));
    onAdded(flowBuilder.startNodeId);
  };

  const edit = (id: string) => {
    const node = nodes.find((n) => n.id === id);
    if (node?.type && node.type !== "start") setOpen({ type: node.type, mode: "edit", node });
  };

  const onSave = (data: FlowData) => {
    if (!open) return;
    const { type, mode, node } = open;
    if (mode === "create") {
      const id = newFlowNodeId();
      setNodes((list) => addNode(list, type, data, id));
      onAdded(id);
      if (type === "question") setVariables(addVariable(variables, answerKeyOf(data)));
    } else if (node) {
      setNodes((list) => replaceData(list, node.id, data));
      if (type === "question") setVariables(replaceVariable(variables, answerKeyOf(node.data), answerKeyOf(data)));
    }
    setOpen(null);
  };

  const Dialog = open ? blockDialogs[open.type] : undefined;
  const dialog =
    open && Dialog ? (
      <Dialog
        key={`${open.type}-${open.node?.id ?? "new"}`}
        open
        mode={open.mode}
        data={open.node?.data}
        variables={variables}
        onSave={onSave}
        onClose={() => setOpen(null)}
      />
    ) : null;

  return { create, edit, dialog };
}
