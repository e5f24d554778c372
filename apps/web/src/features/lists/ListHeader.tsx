/** A list page's title row: the title, the search box and the page's buttons. */
import type { ReactNode } from "react";
import { Box, InputAdornment, TextField, Typography } from "@mui/material";
import Search from "@mui/icons-material/Search";

interface Props {
  title: string;
  count?: number;
  /** Without onSearch the row has no search box. */
  search?: string;
  onSearch?: (value: string) => void;
  searchPlaceholder?: string;
  testId: string;
  children?: ReactNode;
}

export function ListHeader({ title, count, search, onSearch, searchPlaceholder, testId, children }: Props) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2, flexWrap: "wrap" }}>
      <Typography variant="h5" component="h1" sx={{ flex: "1 1 auto" }}>
        {title}
        {count !== undefined && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid={`${testId}-count`}>
            ({count})
          </Typography>
        )}
      </Typography>
      {onSearch && (
        <TextField
          size="small"
          type="search"
          value={search ?? ""}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={searchPlaceholder}
          sx={{ flex: { xs: "1 1 100%", sm: "0 1 280px" } }}
          slotProps={{
            htmlInput: { "data-testid": `${testId}-search`, "aria-label": searchPlaceholder },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" color="action" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>{children}</Box>
    </Box>
  );
}
