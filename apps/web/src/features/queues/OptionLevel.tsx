/**
 * One level of the vertical option tree: its saved options, each opening its
 * own children below it when clicked, plus the unsaved new option if it belongs here.
 */
import { useState } from "react";
import { Box, ButtonBase, CircularProgress, IconButton, Typography } from "@mui/material";
import Edit from "@mui/icons-material/Edit";
import ExpandMore from "@mui/icons-material/ExpandMore";
import ChevronRight from "@mui/icons-material/ChevronRight";
import type { QueueOptionDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { OptionForm } from "./OptionForm";
import { useOptionsEditor } from "./optionsEditorContext";
import { useOptionLevel } from "./useQueueOptions";

function OptionNode({ option }: { option: QueueOptionDto }) {
  const { t } = useTranslation();
  const editor = useOptionsEditor();
  const [editing, setEditing] = useState(false);
  const open = editor.openIds.has(option.id);
  const selected = editor.selected?.id === option.id;
  const { update } = editor.mutations;

  return (
    <Box component="li" data-testid={`option-${option.id}`} sx={{ listStyle: "none" }}>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          borderRadius: 1,
          bgcolor: selected ? "action.selected" : undefined,
          "&:hover": { bgcolor: selected ? "action.selected" : "action.hover" },
        }}
      >
        <ButtonBase
          onClick={() => editor.toggle(option)}
          aria-expanded={open}
          data-testid="option-toggle"
          sx={{ flex: 1, minWidth: 0, justifyContent: "flex-start", textAlign: "left", py: 1, px: 0.5, gap: 1 }}
        >
          {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          <Typography component="span" sx={{ fontWeight: 600, minWidth: 24 }}>
            {option.option}
          </Typography>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              noWrap
              data-testid="option-label"
              sx={option.title ? undefined : { fontStyle: "italic", color: "text.secondary" }}
            >
              {option.title || t("queueOptions.untitled")}
            </Typography>
            {option.message && (
              <Typography variant="body2" color="text.secondary" noWrap>
                {option.message}
              </Typography>
            )}
          </Box>
        </ButtonBase>
        <IconButton
          size="small"
          onClick={() => setEditing((e) => !e)}
          aria-label={t("queueOptions.edit")}
          title={t("queueOptions.edit")}
          data-testid="option-edit"
        >
          <Edit fontSize="small" />
        </IconButton>
      </Box>
      {editing && (
        <OptionForm
          initial={option}
          saving={update.isPending}
          onCancel={() => setEditing(false)}
          onDelete={() => editor.askDelete(option)}
          onSave={(text) => update.mutate({ option, ...text }, { onSuccess: () => setEditing(false) })}
        />
      )}
      {open && <OptionLevel parentId={option.id} />}
    </Box>
  );
}

function DraftNode({ parentId, number }: { parentId: number | null; number: number }) {
  const { t } = useTranslation();
  const editor = useOptionsEditor();
  const { create } = editor.mutations;
  return (
    <Box component="li" data-testid="option-draft" sx={{ listStyle: "none", pl: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
        {number} · {t("queueOptions.unsaved")}
      </Typography>
      <OptionForm
        initial={{ title: "", message: "" }}
        saving={create.isPending}
        onDelete={editor.closeDraft}
        onSave={(text) => create.mutate({ ...text, parentId }, { onSuccess: editor.closeDraft })}
      />
    </Box>
  );
}

export function OptionLevel({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation();
  const editor = useOptionsEditor();
  const level = useOptionLevel(editor.queueId, parentId);
  const options = level.data ?? [];
  const root = parentId === null;
  const hasDraft = editor.draftParent === parentId;

  return (
    <Box
      component="ul"
      data-testid={root ? "options-root" : `options-under-${parentId}`}
      sx={{ m: 0, p: 0, ...(root ? {} : { ml: 2, pl: 1.5, borderLeft: 2, borderColor: "divider" }) }}
    >
      {level.isLoading && <CircularProgress size={20} sx={{ m: 1 }} />}
      {options.map((option) => (
        <OptionNode key={option.id} option={option} />
      ))}
      {hasDraft && <DraftNode parentId={parentId} number={options.length + 1} />}
      {!level.isLoading && options.length === 0 && !hasDraft && (
        <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: "none", py: 1, px: 0.5 }}>
          {root ? t("queueOptions.empty") : t("queueOptions.noChildren")}
        </Typography>
      )}
    </Box>
  );
}
