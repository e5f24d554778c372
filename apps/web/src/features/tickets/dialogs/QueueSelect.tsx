/** A single queue select with the queue colours, for the new-ticket and transfer modals. */
import { Box, MenuItem, TextField } from "@mui/material";
import type { QueueRef } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

interface Props {
  queues: QueueRef[];
  value: number | "";
  onChange: (id: number | "") => void;
  error?: string;
  testId: string;
}

export function QueueSelect({ queues, value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={t("newTicketModal.fieldQueue")}
      value={queues.some((q) => q.id === value) ? value : ""}
      error={Boolean(error)}
      helperText={error}
      onChange={(e) => onChange(e.target.value === "" ? "" : Number(e.target.value))}
      slotProps={{
        inputLabel: { shrink: true },
        // The test id sits on the element that opens the list.
        select: { displayEmpty: true, SelectDisplayProps: { "data-testid": testId } as object },
      }}
    >
      <MenuItem value="">
        <Box component="em" sx={{ color: "text.secondary" }}>
          {t("newTicketModal.noQueue")}
        </Box>
      </MenuItem>
      {queues.map((q) => (
        <MenuItem key={q.id} value={q.id} data-testid={`${testId}-option-${q.id}`}>
          <Box sx={{ width: 10, height: 10, borderRadius: "50%", mr: 1, bgcolor: q.color }} />
          {q.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
