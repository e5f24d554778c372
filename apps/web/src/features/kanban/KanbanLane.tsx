/**
 * One lane (business-areas §2.6): its title ('open', or the tag's name) over
 * a bar in the tag's colour, the count of its cards, and the cards, a drop
 * target for cards of the other lanes. The 'open' lane's cards show their
 * tags: none of them is a lane, which is why the card sits there.
 */
import { Box, Chip, Paper, Typography, useTheme } from "@mui/material";
import { openLaneId } from "@balcao/contracts";
import { Droppable } from "@hello-pangea/dnd";
import { useTranslation } from "react-i18next";
import { KanbanCard } from "./KanbanCard";
import type { Lane } from "./kanbanRules";

export function KanbanLane({ lane }: { lane: Lane }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const color = lane.tag?.color ?? theme.palette.grey[500];
  const title = lane.tag?.name ?? t("kanban.lanes.open");
  const id = String(lane.id);
  return (
    <Paper
      variant="outlined"
      data-testid={`kanban-lane-${id}`}
      sx={{ width: 280, flex: "0 0 280px", display: "flex", flexDirection: "column", bgcolor: "action.hover" }}
    >
      <Box sx={{ height: 6, bgcolor: color, borderTopLeftRadius: 4, borderTopRightRadius: 4 }} />
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 1 }}>
        <Typography
          variant="subtitle1"
          noWrap
          sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}
          title={title}
          data-testid="kanban-lane-title"
        >
          {title}
        </Typography>
        <Chip
          size="small"
          label={lane.cards.length}
          data-testid="kanban-lane-count"
          sx={{ bgcolor: color, color: theme.palette.getContrastText(color), fontWeight: 600 }}
        />
      </Box>
      <Droppable droppableId={id}>
        {(drop, snapshot) => (
          <Box
            ref={drop.innerRef}
            {...drop.droppableProps}
            sx={{
              flex: 1,
              overflowY: "auto",
              px: 1,
              pb: 1,
              minHeight: 80,
              bgcolor: snapshot.isDraggingOver ? "action.selected" : undefined,
            }}
          >
            {lane.cards.map((ticket, index) => (
              <KanbanCard
                key={ticket.id}
                ticket={ticket}
                draggableId={`${id}:${ticket.id}`}
                index={index}
                showTags={lane.id === openLaneId}
              />
            ))}
            {drop.placeholder}
            {lane.cards.length === 0 && !snapshot.isDraggingOver && (
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 2 }}>
                {t("kanban.lanes.empty")}
              </Typography>
            )}
          </Box>
        )}
      </Droppable>
    </Paper>
  );
}
