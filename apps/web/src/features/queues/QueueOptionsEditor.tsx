/**
 * The chatbot options editor below the queue fields (business-areas §2.4): a
 * vertical nested tree. 'Adicionar' adds a root option, or a child under the
 * selected one; only saved options can be selected, so children hang only
 * under saved options. A new queue must be saved before it has options.
 */
import { useState } from "react";
import { Box, Button, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { QueueOptionDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { OptionLevel } from "./OptionLevel";
import { OptionsEditorContext, type OptionsEditor } from "./optionsEditorContext";
import { useOptionMutations } from "./useQueueOptions";

function Header({ onAdd, hint }: { onAdd?: () => void; hint: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap", mb: 1 }}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t("queueOptions.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="options-hint">
          {hint}
        </Typography>
      </Box>
      <Button startIcon={<Add />} variant="outlined" onClick={onAdd} disabled={!onAdd} data-testid="option-add">
        {t("queueOptions.add")}
      </Button>
    </Box>
  );
}

function SavedQueueOptions({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  const mutations = useOptionMutations(queueId);
  const [selected, setSelected] = useState<QueueOptionDto | null>(null);
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const [draftParent, setDraftParent] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<QueueOptionDto | null>(null);

  const editor: OptionsEditor = {
    queueId,
    selected,
    openIds,
    draftParent,
    mutations,
    closeDraft: () => setDraftParent(undefined),
    askDelete: setDeleting,
    // A click opens and selects an option; a click on the selected one closes and unselects it.
    toggle: (option) => {
      const closing = openIds.has(option.id) && selected?.id === option.id;
      setOpenIds((ids) => {
        const next = new Set(ids);
        if (closing) next.delete(option.id);
        else next.add(option.id);
        return next;
      });
      setSelected(closing ? null : option);
    },
  };

  const add = () => {
    const parentId = selected?.id ?? null;
    if (parentId !== null) setOpenIds((ids) => new Set(ids).add(parentId));
    setDraftParent(parentId);
  };
  const remove = (option: QueueOptionDto) =>
    mutations.remove.mutate(option, {
      // Its subtree went with it, and the selection or the draft's parent may have been in it.
      onSuccess: () => {
        setSelected(null);
        setDraftParent(undefined);
      },
    });

  const hint = selected
    ? t("queueOptions.addUnder", { title: selected.title || t("queueOptions.untitled") })
    : t("queueOptions.addRoot");

  return (
    <OptionsEditorContext.Provider value={editor}>
      <Header onAdd={add} hint={hint} />
      <OptionLevel parentId={null} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("queueOptions.confirmDelete.title")}
        message={t("queueOptions.confirmDelete.message", { title: deleting?.title || t("queueOptions.untitled") })}
        confirmLabel={t("queues.confirm.ok")}
        cancelLabel={t("common.cancel")}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
        testId="option-delete-dialog"
      />
    </OptionsEditorContext.Provider>
  );
}

export function QueueOptionsEditor({ queueId }: { queueId?: number }) {
  const { t } = useTranslation();
  return (
    <Box component="section" data-testid="queue-options" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: "divider" }}>
      {queueId === undefined ? (
        <Header hint={t("queueOptions.saveQueueFirst")} />
      ) : (
        <SavedQueueOptions queueId={queueId} />
      )}
    </Box>
  );
}
