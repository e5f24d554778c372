/**
 * The ticket's tags under the header (core-platform §2.9): pick existing
 * tags (searched on the server as the user types) or type a new name
 * (created with POST /tags), and the whole set is synchronised with POST
 * /tags/sync {ticketId, tags}.
 */
import { Autocomplete, Box, Chip, TextField, createFilterOptions } from "@mui/material";
import { tagLimits, type TicketDto } from "@balcao/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/http";
import { toastError } from "../../../api/toast-error";
import { useTagSearch, type TagRef } from "../useLookupLists";

type Option = TagRef | { id: 0; name: string; color: ""; create: true };
const filter = createFilterOptions<Option>();

/** The company's tag of this name (any case): among those shown, else as the server finds it. */
async function tagNamed(name: string, shown: TagRef[] | undefined): Promise<TagRef | undefined> {
  const match = (list: TagRef[]) => list.find((x) => x.name.toLowerCase() === name.toLowerCase());
  return match(shown ?? []) ?? match(await api.get<TagRef[]>("/tags/list", { searchParam: name }));
}

export function TagSelector({ ticket, disabled }: { ticket: TicketDto; disabled?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [typed, setTyped] = useState("");
  const tags = useTagSearch(typed);
  const sync = useMutation({
    mutationFn: async (chosen: (Option | string)[]) => {
      const set: { id: number; name: string }[] = [];
      for (const item of chosen) {
        const picked = typeof item !== "string" && !("create" in item) ? item : undefined;
        const name = typeof item === "string" ? item.trim() : item.name;
        const existing = picked ?? (name ? await tagNamed(name, tags.data) : undefined);
        if (existing) set.push({ id: existing.id, name: existing.name });
        else if (name) set.push(await api.post<TagRef>("/tags", { name }));
      }
      await api.post("/tags/sync", { ticketId: ticket.id, tags: set });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ["tags", "list"] }),
    onError: toastError,
  });

  return (
    <Box sx={{ px: 2, py: 0.75, borderBottom: 1, borderColor: "divider" }}>
      <Autocomplete<Option, true, false, true>
        multiple
        freeSolo
        size="small"
        disabled={disabled || sync.isPending}
        options={tags.data ?? []}
        value={ticket.tags}
        isOptionEqualToValue={(a, b) => typeof b !== "string" && a.id === b.id}
        getOptionLabel={(o) => (typeof o === "string" ? o : o.name)}
        filterOptions={(options, params) => {
          const found = filter(options, params);
          const typed = params.inputValue.trim();
          // A new tag needs the tags area's minimum name length.
          const isNew = !options.some((o) => o.name.toLowerCase() === typed.toLowerCase());
          if (typed.length >= tagLimits.nameMin && isNew) {
            found.push({ id: 0, name: typed, color: "", create: true });
          }
          return found;
        }}
        renderOption={(props, o) => (
          <li {...props} key={`${o.id}-${o.name}`}>
            {"create" in o ? (
              t("tagSelector.create", { name: o.name })
            ) : (
              <Chip size="small" label={o.name} sx={{ bgcolor: o.color, color: "#fff" }} />
            )}
          </li>
        )}
        renderValue={(value, getItemProps) =>
          value.map((o, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const tag = typeof o === "string" ? { name: o, color: undefined } : o;
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color, color: tag.color ? "#fff" : undefined }}
                data-testid="ticket-tag-chip"
              />
            );
          })
        }
        onChange={(_, value) => sync.mutate(value)}
        onInputChange={(_, value) => setTyped(value)}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            placeholder={ticket.tags.length ? "" : t("tagSelector.placeholder")}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "data-testid": "tag-selector" },
            }}
          />
        )}
      />
    </Box>
  );
}
