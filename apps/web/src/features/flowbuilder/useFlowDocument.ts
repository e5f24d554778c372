/**
 * Loading and saving a flow (§4 "Loading and saving a flow", §7): GET
 * /flowbuilder/flow/{id} 500 ms after the builder opens (a failed load shows the shared
 * error toast and goes back to the list), the variables rebuilt from its question
 * nodes, and POST /flowbuilder/flow {idFlow, nodes, connections} on Salvar. A save the
 * server refuses with ERR_FLOW_INVALID names the node to highlight.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useEdgesState, useNodesState } from "@xyflow/react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { flowBuilder, type FlowDetail } from "@balcao/contracts";
import { api, ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { graphSignature, toCanvas, toGraph } from "./canvas/graph";
import type { CanvasEdge, CanvasNode } from "./canvas/types";
import { readVariables, rebuildVariables, writeVariables } from "./canvas/variables";

/** The node a refused save names, if the answer is ERR_FLOW_INVALID with a nodeId. */
function refusedNode(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== "ERR_FLOW_INVALID") return null;
  return typeof err.body.nodeId === "string" ? err.body.nodeId : null;
}

export function useFlowDocument(flowId: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [nodes, setNodes, onNodesChange] = useNodesState<CanvasNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<CanvasEdge>([]);
  const [loading, setLoading] = useState(true);
  const [name, setName] = useState("");
  const [saved, setSaved] = useState("");
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [variables, setVariablesState] = useState<string[]>(readVariables);

  const setVariables = useCallback((list: string[]) => {
    writeVariables(list);
    setVariablesState(list);
  }, []);

  useEffect(() => {
    if (!flowId) return;
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<FlowDetail>(`/flowbuilder/flow/${flowId}`)
        .then(({ flow }) => {
          if (!live) return;
          const canvas = toCanvas(flow.flow);
          setNodes(canvas.nodes);
          setEdges(canvas.edges);
          setName(flow.name);
          setSaved(graphSignature(canvas.nodes, canvas.edges));
          setVariables(rebuildVariables(canvas.nodes));
          setLoading(false);
        })
        .catch((err: unknown) => {
          if (!live) return;
          toastError(err);
          void navigate("/flowbuilders", { replace: true });
        });
    }, flowBuilder.loadDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [flowId, navigate, setNodes, setEdges, setVariables]);

  const signature = useMemo(() => graphSignature(nodes, edges), [nodes, edges]);
  const dirty = !loading && signature !== saved;

  const save = async () => {
    if (!flowId || saving) return;
    setSaving(true);
    try {
      await api.post("/flowbuilder/flow", { idFlow: Number(flowId), ...toGraph(nodes, edges) });
      setSaved(signature);
      setRefused(null);
      toast.success(t("flowBuilder.saved"));
    } catch (err) {
      toastError(err);
      setRefused(refusedNode(err));
      return refusedNode(err);
    } finally {
      setSaving(false);
    }
    return null;
  };

  return {
    nodes,
    edges,
    setNodes,
    setEdges,
    onNodesChange,
    onEdgesChange,
    loading,
    name,
    dirty,
    saving,
    save,
    refused,
    variables,
    setVariables,
  };
}
