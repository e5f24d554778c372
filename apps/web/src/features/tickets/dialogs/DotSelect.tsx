/** A select whose options carry a coloured dot (queue colours, connection status), with an empty first choice. */
import { Box, MenuItem, TextField } from "@mui/material";

export interface DotOption {
  id: number;
  name: string;
  color: string;
  /** Shown after the name, greyed (a connection's status). */
  note?: string;
}

interface Props {
  label: string;
  options: DotOption[];
  value: number | "";
  onChange: (id: number | "") => void;
  emptyLabel: string;
  error?: string;
  testId: string;
}

export function DotSelect({ label, options, value, onChange, emptyLabel, error, testId }: Props) {
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      value={options.some((o) => o.id === value) ? value : ""}
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
          {emptyLabel}
        </Box>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} data-testid={`${testId}-option-${o.id}`}>
          {/* Inline: the chosen option is drawn again inside the (block) select field, dot beside the name. */}
          <Box
            component="span"
            sx={{ display: "inline-block", width: 10, height: 10, borderRadius: "50%", mr: 1, bgcolor: o.color }}
          />
          {o.name}
          {o.note && (
            <Box component="span" sx={{ ml: 1, color: "text.secondary", fontSize: 12 }}>
              {o.note}
            </Box>
          )}
        </MenuItem>
      ))}
    </TextField>
  );
}
