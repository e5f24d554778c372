/** The buttonedge (§2): a bezier edge with a button in its middle that deletes it. */
import { IconButton } from "@mui/material";
import Close from "@mui/icons-material/Close";
import { BaseEdge, EdgeLabelRenderer, getBezierPath, useReactFlow, type EdgeProps } from "@xyflow/react";
import { useTranslation } from "react-i18next";

export function ButtonEdge(props: EdgeProps) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, style, markerEnd } = props;
  const { t } = useTranslation();
  const { deleteElements } = useReactFlow();
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  return (
    <>
      <BaseEdge path={path} markerEnd={markerEnd} style={{ strokeWidth: 2, ...style }} />
      <EdgeLabelRenderer>
        <IconButton
          size="small"
          className="nodrag nopan"
          aria-label={t("flowBuilder.edgeDelete")}
          data-testid="flow-edge-delete"
          onClick={() => void deleteElements({ edges: [{ id }] })}
          sx={{
            position: "absolute",
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            pointerEvents: "all",
            width: 22,
            height: 22,
            bgcolor: "background.paper",
            border: 1,
            borderColor: "divider",
            "&:hover": { bgcolor: "error.light", color: "#fff" },
          }}
        >
          <Close sx={{ fontSize: 14 }} />
        </IconButton>
      </EdgeLabelRenderer>
    </>
  );
}

export const edgeTypes = { buttonedge: ButtonEdge };
