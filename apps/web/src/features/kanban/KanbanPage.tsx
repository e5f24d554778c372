/**
 * The kanban board (/kanban, business-areas §2.6; plan useKanban, gated by
 * the route table's PlanGate): the 'open' lane of tickets without tags, then
 * a lane per kanban tag, each with its count; dragging a card to another
 * lane moves its ticket there. The board follows other users' changes live.
 */
import { Alert, Box, CircularProgress, Paper, Typography } from "@mui/material";
import { DragDropContext, type DropResult } from "@hello-pangea/dnd";
import { useTranslation } from "react-i18next";
import { kanbanLimits } from "@balcao/contracts";
import { useFillHeight } from "../tickets/useFillHeight";
import { KanbanLane } from "./KanbanLane";
import { laneIdOf } from "./kanbanRules";
import { useKanban } from "./useKanban";
import { useMoveCard } from "./useMoveCard";

export default function KanbanPage() {
  const { t } = useTranslation();
  const { filter, lanes, hasMore, loading } = useKanban();
  const move = useMoveCard(filter);
  const { ref, height } = useFillHeight<HTMLDivElement>(24);

  const onDragEnd = ({ source, destination, draggableId }: DropResult) => {
    if (!destination || destination.droppableId === source.droppableId) return;
    const ticketId = Number(draggableId.split(":")[1]);
    const from = lanes.find((l) => String(l.id) === source.droppableId);
    const to = lanes.find((l) => l.id === laneIdOf(destination.droppableId));
    const ticket = from?.cards.find((c) => c.id === ticketId);
    if (ticket && to) move.mutate({ ticket, lane: to });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="kanban-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1.5 }}>
        {t("kanban.title")}
      </Typography>
      {hasMore && (
        <Alert severity="info" sx={{ mb: 1.5 }} data-testid="kanban-has-more">
          {t("kanban.hasMore", { max: kanbanLimits.cardsMax })}
        </Alert>
      )}
      <DragDropContext onDragEnd={onDragEnd}>
        <Box
          ref={ref}
          data-testid="kanban-board"
          sx={{ display: "flex", gap: 1.5, overflowX: "auto", alignItems: "stretch", height, pb: 1 }}
        >
          {loading ? (
            <Box sx={{ display: "grid", placeItems: "center", flex: 1 }} aria-busy="true">
              <CircularProgress />
            </Box>
          ) : (
            lanes.map((lane) => <KanbanLane key={lane.id} lane={lane} />)
          )}
        </Box>
      </DragDropContext>
    </Paper>
  );
}
