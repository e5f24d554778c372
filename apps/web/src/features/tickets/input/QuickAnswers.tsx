/**
 * Quick-answer suggestions (core-platform §2.11, business-areas §2.7): shown
 * while the text starts with "/", from GET /quick-messages/list (companyId,
 * userId), labelled "/{shortcode} - {message cut to 35}".
 */
import { List, ListItemButton, ListItemText, Paper } from "@mui/material";
import type { QuickMessageDto } from "@balcao/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../api/http";
import { useAuth } from "../../../app/auth";
import { quickAnswerLabel } from "./inputRules";

export function useQuickMessages(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ["quick-messages", "list", user?.id],
    queryFn: async () => {
      try {
        return await api.get<QuickMessageDto[]>("/quick-messages/list", {
          companyId: user?.companyId,
          userId: user?.id,
        });
      } catch (err) {
        // The quick messages area may not be deployed yet: no suggestions then.
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    enabled: enabled && user !== null,
    staleTime: 30_000,
  });
}

interface Props {
  options: QuickMessageDto[];
  highlighted: number;
  onPick: (q: QuickMessageDto) => void;
}

export function QuickAnswers({ options, highlighted, onPick }: Props) {
  return (
    <Paper
      elevation={4}
      sx={{
        position: "absolute",
        left: 8,
        right: 8,
        bottom: "100%",
        mb: 1,
        maxHeight: 260,
        overflowY: "auto",
        zIndex: 2,
      }}
      data-testid="quick-answers"
    >
      <List dense disablePadding>
        {options.map((q, i) => (
          <ListItemButton
            key={q.id}
            selected={i === highlighted}
            // Keep the focus in the text box while picking.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(q)}
            data-testid={`quick-answer-${q.shortcode}`}
          >
            <ListItemText primary={quickAnswerLabel(q)} slotProps={{ primary: { noWrap: true } }} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
