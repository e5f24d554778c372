/** A compact multi-select of named options (queues, users) for the manager's filters. */
import { Box, Checkbox, ListItemText, MenuItem, TextField } from "@mui/material";
import type { Named } from "../useLookupLists";

interface Props {
  label: string;
  options: (Named & { color?: string })[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}

export function MultiSelect({ label, options, value, onChange, testId }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 120, flex: 1 }}
      slotProps={{
        htmlInput: { "data-testid": testId },
        select: {
          multiple: true,
          renderValue: (ids) =>
            options
              .filter((o) => (ids as number[]).includes(o.id))
              .map((o) => o.name)
              .join(", "),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
        },
      }}
      onChange={(e) => onChange(e.target.value as unknown as number[])}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} dense data-testid={`${testId}-option-${o.id}`}>
          <Checkbox size="small" checked={value.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
          {o.color && <Box sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: o.color, mr: 1 }} />}
          <ListItemText primary={o.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
