/**
 * A node card's shell (§2 "Node cards"): icon and title, the duplicate and delete icons,
 * an input on the left (not for the start), and its outputs on the right. A branching
 * node draws each output beside the row it belongs to (`OutputRow`).
 */
import type { ReactNode } from "react";
import { Box, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import { Handle, Position } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { FlowNodeType } from "@balcao/contracts";
import { CARD_WIDTH } from "../canvas/types";
import { useNodeActions } from "./actions";
import { nodeLooks } from "./looks";

const handleStyle = { width: 12, height: 12, border: "2px solid #fff" };

interface Props {
  id: string;
  type: FlowNodeType;
  children?: ReactNode;
  /** The single output "a"; branching cards draw theirs with OutputRow. */
  output?: boolean;
}

export function NodeCard({ id, type, children, output = false }: Props) {
  const { t } = useTranslation();
  const actions = useNodeActions();
  const look = nodeLooks[type];
  const Icon = look.icon;
  return (
    <Box
      data-testid={`flow-node-${type}`}
      data-node-id={id}
      sx={{
        width: CARD_WIDTH,
        bgcolor: "background.paper",
        color: "text.primary",
        borderRadius: "8px",
        boxShadow: 2,
        position: "relative",
      }}
    >
      {type !== "start" && (
        <Handle type="target" position={Position.Left} style={{ ...handleStyle, background: "#555" }} />
      )}
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: "center", px: 1, py: 0.5, borderBottom: 1, borderColor: "divider" }}
      >
        <Icon sx={{ color: look.color, fontSize: 20 }} />
        <Typography variant="subtitle2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {t(`flowBuilder.nodes.${type}`)}
        </Typography>
        <Tooltip title={t("flowBuilder.card.duplicate")}>
          <span>
            <IconButton
              size="small"
              className="nodrag"
              disabled={type === "start"}
              onClick={() => actions.duplicate(id)}
              aria-label={t("flowBuilder.card.duplicate")}
              data-testid="flow-node-duplicate"
            >
              <ContentCopy sx={{ fontSize: 16 }} />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("flowBuilder.card.delete")}>
          <IconButton
            size="small"
            className="nodrag"
            onClick={() => actions.remove(id)}
            aria-label={t("flowBuilder.card.delete")}
            data-testid="flow-node-delete"
          >
            <DeleteOutline sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ px: 1.25, py: 1, fontSize: 13, wordBreak: "break-word" }}>{children}</Box>
      {output && (
        <Handle type="source" position={Position.Right} id="a" style={{ ...handleStyle, background: look.color }} />
      )}
    </Box>
  );
}

/** A row of a branching card with its own output on the card's right edge. */
export function OutputRow({ handle, color, children }: { handle: string; color: string; children: ReactNode }) {
  return (
    <Box sx={{ position: "relative", py: 0.5, pr: 1.5, mr: -1.25 }} data-testid={`flow-output-${handle}`}>
      {children}
      <Handle
        type="source"
        position={Position.Right}
        id={handle}
        style={{ ...handleStyle, background: color, right: -6 }}
      />
    </Box>
  );
}

/** A muted line of text inside a card; long texts are cut after a few lines. */
export function CardText({ children, lines = 4 }: { children: ReactNode; lines?: number }) {
  return (
    <Typography
      variant="body2"
      sx={{
        whiteSpace: "pre-wrap",
        display: "-webkit-box",
        WebkitLineClamp: lines,
        WebkitBoxOrient: "vertical",
        overflow: "hidden",
      }}
    >
      {children}
    </Typography>
  );
}
