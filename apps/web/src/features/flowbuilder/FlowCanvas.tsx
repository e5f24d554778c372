/**
 * The canvas (§2 "Canvas behaviour"): a click highlights one node and clears the others,
 * an edge click clears them all, a double-click opens the node's dialog, Backspace or
 * Delete removes what is selected, and outputs connect to inputs by dragging, drawn as
 * buttonedges. Zoom controls and a minimap on a dotted background.
 */
import { useCallback, useMemo } from "react";
import { GlobalStyles, useTheme } from "@mui/material";
import {
  addEdge,
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  type Connection,
  type OnEdgesChange,
  type OnNodesChange,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { highlightOnly } from "./canvas/styles";
import { EDGE_TYPE, type CanvasEdge, type CanvasNode } from "./canvas/types";
import { edgeTypes } from "./nodes/ButtonEdge";
import { nodeTypes } from "./nodes/cards";
import { nodeLooks } from "./nodes/looks";

interface Props {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  setNodes: (change: (nodes: CanvasNode[]) => CanvasNode[]) => void;
  setEdges: (change: (edges: CanvasEdge[]) => CanvasEdge[]) => void;
  onNodesChange: OnNodesChange<CanvasNode>;
  onEdgesChange: OnEdgesChange<CanvasEdge>;
  onEdit: (id: string) => void;
  /** Marked nodes: the one a refused save named, the one the simulator waits at. */
  refused: string | null;
  waitingAt: string | null;
}

const marks = (
  <GlobalStyles
    styles={{
      ".react-flow__node.flow-node-refused": { outline: "3px solid #d32f2f", outlineOffset: 3, borderRadius: 8 },
      ".react-flow__node.flow-node-waiting": { outline: "3px dashed #2e7d32", outlineOffset: 3, borderRadius: 8 },
      ".react-flow__handle": { cursor: "crosshair" },
    }}
  />
);

export function FlowCanvas(props: Props) {
  const { nodes, edges, setNodes, setEdges, onEdit, refused, waitingAt } = props;
  const theme = useTheme();
  const shown = useMemo(
    () =>
      nodes.map((n) => {
        const className = [n.id === refused && "flow-node-refused", n.id === waitingAt && "flow-node-waiting"]
          .filter(Boolean)
          .join(" ");
        return className ? { ...n, className } : n;
      }),
    [nodes, refused, waitingAt],
  );
  const onConnect = useCallback(
    (connection: Connection) => setEdges((list) => addEdge({ ...connection, type: EDGE_TYPE }, list)),
    [setEdges],
  );

  return (
    <>
      {marks}
      <ReactFlow<CanvasNode, CanvasEdge>
        nodes={shown}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={props.onNodesChange}
        onEdgesChange={props.onEdgesChange}
        onConnect={onConnect}
        onNodeClick={(_, node) => setNodes((list) => highlightOnly(list, node.id))}
        onEdgeClick={() => setNodes((list) => highlightOnly(list, null))}
        onNodeDoubleClick={(_, node) => onEdit(node.id)}
        zoomOnDoubleClick={false}
        deleteKeyCode={["Backspace", "Delete"]}
        defaultEdgeOptions={{ type: EDGE_TYPE }}
        // A drawn flow is fitted to the screen; a new one starts at the top left, where (250, 100) is.
        fitView={nodes.length > 1}
        defaultViewport={{ x: 0, y: 0, zoom: 1 }}
        fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
        minZoom={0.2}
        colorMode={theme.palette.mode}
        proOptions={{ hideAttribution: true }}
      >
        <Background variant={BackgroundVariant.Dots} gap={16} size={1.5} />
        <Controls position="bottom-left" />
        <MiniMap
          position="bottom-right"
          style={{ width: 160, height: 110 }}
          pannable
          zoomable
          nodeColor={(n) => (n.type ? (nodeLooks[n.type as keyof typeof nodeLooks]?.color ?? "#888") : "#888")}
        />
      </ReactFlow>
    </>
  );
}
