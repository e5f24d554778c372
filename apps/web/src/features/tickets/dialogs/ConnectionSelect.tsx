/** A connection select showing each connection's status: green when CONNECTED, red otherwise (core-platform §2.13). */
import { Box, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useConnectionList } from "../useLookupLists";

interface Props {
  value: number | "";
  onChange: (id: number | "") => void;
  /** Shown while nothing is chosen ("Selecione uma Conexão" in the transfer modal). */
  placeholder?: string;
  testId: string;
}

export function ConnectionSelect({ value, onChange, placeholder, testId }: Props) {
  const { t } = useTranslation();
  const connections = useConnectionList();
  const list = connections.data ?? [];
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={t("newTicketModal.fieldConnection")}
      value={list.some((c) => c.id === value) ? value : ""}
      onChange={(e) => onChange(e.target.value === "" ? "" : Number(e.target.value))}
      slotProps={{
        inputLabel: { shrink: true },
        // The test id sits on the element that opens the list.
        select: { displayEmpty: true, SelectDisplayProps: { "data-testid": testId } as object },
      }}
    >
      <MenuItem value="">
        <Box component="em" sx={{ color: "text.secondary" }}>
          {placeholder ?? t("newTicketModal.noConnection")}
        </Box>
      </MenuItem>
      {list.map((c) => (
        <MenuItem key={c.id} value={c.id} data-testid={`${testId}-option-${c.id}`}>
          <Box
            sx={{
              width: 10,
              height: 10,
              borderRadius: "50%",
              mr: 1,
              bgcolor: c.status === "CONNECTED" ? "success.main" : "error.main",
            }}
          />
          {c.name}
          <Box component="span" sx={{ ml: 1, color: "text.secondary", fontSize: 12 }}>
            {c.status}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}
