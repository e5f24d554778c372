/**
 * Quick-answer suggestions (core-platform §2.11, business-areas §2.7): shown
 * while the text starts with "/", from GET /quick-messages/list (companyId,
 * userId, and searchParam: the shortcode typed, as the server answers at most
 * 50), labelled "/{shortcode} - {message cut to 35}".
 */
import { List, ListItemButton, ListItemText, Paper } from "@mui/material";
import { timings, type QuickMessageDto } from "@balcao/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../api/http";
import { useAuth } from "../../../app/auth";
import { useDebouncedValue } from "../../lists/usePagedList";
import { quickAnswerLabel } from "./inputRules";

/** The quick answers whose shortcode has `search` (null: none asked for). */
export function useQuickMessages(search: string | null) {
  const { user } = useAuth();
  const searchParam = useDebouncedValue(search, timings.searchDebounceMs);
  return useQuery({
    queryKey: ["quick-messages", "list", user?.id, searchParam],
    queryFn: async () => {
      try {
        return await api.get<QuickMessageDto[]>("/quick-messages/list", {
          companyId: user?.companyId,
          userId: user?.id,
          searchParam: searchParam ?? "",
        });
      } catch (err) {
        // The quick messages area may not be deployed yet: no suggestions then.
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    enabled: search !== null && searchParam !== null && user !== null,
    placeholderData: keepPreviousData,
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
