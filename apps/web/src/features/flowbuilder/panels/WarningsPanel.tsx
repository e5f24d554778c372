/**
 * The warning panel (issue 18 item 2): unreachable blocks, open menu options and
 * branches, and the block a refused save named. Clicking a line shows that block.
 * It only warns: saving is never blocked by it.
 */
import { useMemo, useState } from "react";
import { Alert, Box, Button, List, ListItemButton, ListItemText, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { nodeExcerpt, outputLabel } from "../canvas/summary";
import type { CanvasEdge, CanvasNode } from "../canvas/types";
import { flowWarnings, type FlowWarning } from "../canvas/warnings";

interface Props {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  refusedNodeId: string | null;
  onShow: (nodeId: string) => void;
}

interface Line {
  key: string;
  nodeId?: string;
  text: string;
  severity: "error" | "warning";
}

export function WarningsPanel({ nodes, edges, refusedNodeId, onShow }: Props) {
  const { t } = useTranslation();
  // Open by default only while short: a long list would cover the drawing.
  const [open, setOpen] = useState<boolean | null>(null);
  const lines = useMemo(() => {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const name = (id: string) => {
      const node = byId.get(id);
      if (!node) return id;
      const excerpt = nodeExcerpt(node);
      return `${t(`flowBuilder.nodes.${node.type ?? "message"}`)}${excerpt ? ` "${excerpt}"` : ""}`;
    };
    const describe = (w: FlowWarning): Line => {
      if (w.kind === "noStart") return { key: "noStart", text: t("flowBuilder.warnings.noStart"), severity: "warning" };
      if (w.kind === "unreachable")
        return {
          key: `u-${w.nodeId}`,
          nodeId: w.nodeId,
          text: t("flowBuilder.warnings.unreachable", { node: name(w.nodeId) }),
          severity: "warning",
        };
      const node = byId.get(w.nodeId)!;
      const label = outputLabel(node, w.handle);
      const text =
        w.type === "menu"
          ? t("flowBuilder.warnings.openOption", { node: name(w.nodeId), option: label })
          : t("flowBuilder.warnings.openBranch", {
              node: name(w.nodeId),
              branch: w.type === "condition" ? t(`flowBuilder.card.${w.handle}`) : label,
            });
      return { key: `o-${w.nodeId}-${w.handle}`, nodeId: w.nodeId, text, severity: "warning" };
    };
    const refused: Line[] = refusedNodeId
      ? [
          {
            key: "refused",
            nodeId: refusedNodeId,
            text: t("flowBuilder.warnings.refused", { node: name(refusedNodeId) }),
            severity: "error",
          },
        ]
      : [];
    return [...refused, ...flowWarnings(nodes, edges).map(describe)];
  }, [nodes, edges, refusedNodeId, t]);

  if (lines.length === 0) return null;
  const expanded = open ?? (lines.length <= 3 || refusedNodeId !== null);
  return (
    <Paper
      elevation={3}
      data-testid="flow-warnings"
      sx={{
        position: "absolute",
        right: 12,
        top: 12,
        zIndex: 5,
        width: 340,
        maxWidth: "calc(100% - 24px)",
        maxHeight: "40%",
        display: "flex",
        flexDirection: "column",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", px: 1.5, py: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t("flowBuilder.warnings.title", { count: lines.length })}
        </Typography>
        <Button size="small" onClick={() => setOpen(!expanded)} data-testid="flow-warnings-toggle">
          {expanded ? t("flowBuilder.warnings.hide") : t("flowBuilder.warnings.show")}
        </Button>
      </Box>
      {expanded && (
        <Box sx={{ overflowY: "auto", px: 1, pb: 1 }}>
          <List dense disablePadding>
            {lines.map((line) => (
              <ListItemButton
                key={line.key}
                disabled={!line.nodeId}
                onClick={() => line.nodeId && onShow(line.nodeId)}
                sx={{ p: 0, mb: 0.5, borderRadius: 1, "&.Mui-disabled": { opacity: 1 } }}
                data-testid="flow-warning"
              >
                <Alert severity={line.severity} sx={{ width: "100%", py: 0 }} icon={false}>
                  <ListItemText primary={line.text} slotProps={{ primary: { variant: "body2" } }} sx={{ m: 0 }} />
                </Alert>
              </ListItemButton>
            ))}
          </List>
          <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
            {t("flowBuilder.warnings.hint")}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
