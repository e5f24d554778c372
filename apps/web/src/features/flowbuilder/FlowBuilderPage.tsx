/**
 * The visual flow builder (/flowbuilder/:id, automation-areas §2 "Visual flow builder",
 * issue 18 items 2 and 7): header, add-block menu, the canvas, the warning panel, the
 * "Testar fluxo" simulator, Salvar, and a prompt before leaving unsaved changes.
 * Without an id it goes to the flow list.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import PlayArrow from "@mui/icons-material/PlayArrow";
import Save from "@mui/icons-material/Save";
import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { Navigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { deleteNode, duplicateNode } from "./canvas/placement";
import { highlightOnly } from "./canvas/styles";
import { CARD_WIDTH } from "./canvas/types";
import { nodeExcerpt } from "./canvas/summary";
import { FlowCanvas } from "./FlowCanvas";
import { NodeActionsContext, type NodeActions } from "./nodes/actions";
import { AddBlockMenu } from "./panels/AddBlockMenu";
import { LeavePrompt } from "./panels/LeavePrompt";
import { SimulatorPanel } from "./panels/SimulatorPanel";
import { WarningsPanel } from "./panels/WarningsPanel";
import { useBlockDialog } from "./useBlockDialog";
import { useFillHeight } from "./useFillHeight";
import { useFlowDocument } from "./useFlowDocument";

function Builder({ flowId }: { flowId: string }) {
  const { t } = useTranslation();
  const doc = useFlowDocument(flowId);
  const { nodes, edges, setNodes, setEdges } = doc;
  const canvasBox = useRef<HTMLDivElement>(null);
  const [simulating, setSimulating] = useState(false);
  const [waitingAt, setWaitingAt] = useState<string | null>(null);
  const flow = useReactFlow();
  const fill = useFillHeight<HTMLDivElement>();

  const actions = useMemo<NodeActions>(
    () => ({
      duplicate: (id) => setNodes((list) => duplicateNode(list, id)),
      remove: (id) => {
        setEdges((list) => deleteNode([], list, id).edges);
        setNodes((list) => list.filter((n) => n.id !== id));
      },
    }),
    [setNodes, setEdges],
  );

  /** Centres a node and highlights it (a warning's line, a refused save). */
  const show = useCallback(
    (id: string) => {
      const node = flow.getNode(id);
      if (!node) return;
      setNodes((list) => highlightOnly(list, id));
      const width = node.measured?.width ?? 240;
      const height = node.measured?.height ?? 100;
      void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom: 1, duration: 300 });
    },
    [flow, setNodes],
  );

  /** Pans (at the same zoom) to a node outside the visible canvas: one just added, the one the simulator waits at. */
  const reveal = useCallback(
    (id: string) =>
      requestAnimationFrame(() => {
        const node = flow.getNode(id);
        const box = canvasBox.current?.getBoundingClientRect();
        if (!node || !box) return;
        const width = node.measured?.width ?? CARD_WIDTH;
        const height = node.measured?.height ?? 100;
        const from = flow.flowToScreenPosition(node.position);
        const to = flow.flowToScreenPosition({ x: node.position.x + width, y: node.position.y + height });
        if (from.x >= box.left && from.y >= box.top && to.x <= box.right && to.y <= box.bottom) return;
        const zoom = flow.getZoom();
        void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom, duration: 300 });
      }),
    [flow],
  );
  const dialogs = useBlockDialog({ ...doc, onAdded: reveal });
  /** The simulator's panel narrows the canvas: the block the run waits at is brought into sight. */
  const markWaiting = useCallback(
    (id: string | null) => {
      setWaitingAt(id);
      if (id) reveal(id);
    },
    [reveal],
  );

  const save = async () => {
    const refused = await doc.save();
    if (refused) show(refused);
  };

  const nodeName = (id: string) => {
    const node = nodes.find((n) => n.id === id);
    if (!node) return id;
    const excerpt = nodeExcerpt(node);
    return `${t(`flowBuilder.nodes.${node.type ?? "message"}`)}${excerpt ? ` "${excerpt}"` : ""}`;
  };

  return (
    <Box
      ref={fill.ref}
      data-testid="flow-builder"
      sx={{ display: "flex", flexDirection: "column", height: fill.height }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 1.5, flexWrap: "wrap", rowGap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" data-testid="flow-builder-title">
            {t("flowBuilder.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="flow-builder-name">
            {doc.name}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600, color: "warning.dark" }}>
          {t("flowBuilder.reminder")}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<PlayArrow />}
          onClick={() => setSimulating(true)}
          disabled={doc.loading || simulating}
          data-testid="flow-simulate"
        >
          {t("flowBuilder.simulator.open")}
        </Button>
        <Button
          variant="contained"
          startIcon={<Save />}
          onClick={() => void save()}
          disabled={doc.loading || doc.saving}
          data-testid="flow-save"
        >
          {t("flowBuilder.save")}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
        <Paper
          ref={canvasBox}
          variant="outlined"
          sx={{ flex: 1, position: "relative", overflow: "hidden" }}
          data-testid="flow-canvas"
        >
          {doc.loading ? (
            <Box sx={{ height: "100%", display: "grid", placeItems: "center" }}>
              <CircularProgress aria-label={t("flowBuilder.loading")} data-testid="flow-loading" />
            </Box>
          ) : (
            <NodeActionsContext.Provider value={actions}>
              <AddBlockMenu onAdd={dialogs.create} />
              <FlowCanvas
                {...doc}
                onEdit={dialogs.edit}
                refused={doc.refused}
                waitingAt={simulating ? waitingAt : null}
              />
              <WarningsPanel nodes={nodes} edges={edges} refusedNodeId={doc.refused} onShow={show} />
            </NodeActionsContext.Provider>
          )}
        </Paper>
        {simulating && (
          <SimulatorPanel
            flowId={flowId}
            dirty={doc.dirty}
            nodeName={nodeName}
            onWaitingAt={markWaiting}
            onClose={() => setSimulating(false)}
          />
        )}
      </Stack>
      {dialogs.dialog}
      <LeavePrompt dirty={doc.dirty} />
    </Box>
  );
}

export default function FlowBuilderPage() {
  const { id } = useParams();
  if (!id) return <Navigate to="/flowbuilders" replace />;
  return (
    <ReactFlowProvider key={id}>
      <Builder flowId={id} />
    </ReactFlowProvider>
  );
}
