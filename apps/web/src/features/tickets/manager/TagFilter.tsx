/**
 * The search tab's tag filter: tags searched on the server as the user types
 * (GET /tags/list answers at most 50), the chosen ones kept as chips.
 */
import { Autocomplete, Box, TextField } from "@mui/material";
import { useState } from "react";
import { useTagSearch, type TagRef } from "../useLookupLists";

interface Props {
  label: string;
  value: TagRef[];
  onChange: (tags: TagRef[]) => void;
  testId: string;
}

export function TagFilter({ label, value, onChange, testId }: Props) {
  const [typed, setTyped] = useState("");
  const tags = useTagSearch(typed);
  return (
    <Autocomplete
      multiple
      size="small"
      sx={{ minWidth: 120, flex: 1 }}
      options={tags.data ?? []}
      value={value}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      onChange={(_, chosen) => onChange(chosen)}
      onInputChange={(_, text) => setTyped(text)}
      renderOption={(props, o) => (
        <li {...props} key={o.id} data-testid={`${testId}-option-${o.id}`}>
          <Box sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: o.color, mr: 1, flexShrink: 0 }} />
          {o.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, "data-testid": testId } }}
        />
      )}
    />
  );
}
