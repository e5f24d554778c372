/**
 * AI prompts (/prompts, automation-areas §2): name, queue name, max tokens
 * and edit / delete (after a confirmation naming the prompt). The plan gate
 * (useOpenAi) is the route table's PlanGate; the list follows
 * company-{companyId}-prompt live.
 */
import { useState } from "react";
import { Button, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import type { PromptDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { ListPage, RowAction } from "../lists/ListPage";
import { PromptModal } from "./PromptModal";
import { useDeletePrompt, usePrompts } from "./usePrompts";

type ModalState = { open: false } | { open: true; id?: number };

function PromptRow(props: { item: PromptDto; onEdit: () => void; onDelete: () => void }) {
  const { item, onEdit, onDelete } = props;
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`prompt-row-${item.id}`}>
      <TableCell data-testid="prompt-cell-name">{item.name}</TableCell>
      <TableCell data-testid="prompt-cell-queue">{item.queue?.name ?? ""}</TableCell>
      <TableCell align="center" data-testid="prompt-cell-max-tokens">
        {item.maxTokens}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <RowAction action="edit" onClick={onEdit} label={t("prompts.buttons.edit")} testId="prompt-edit" />
        <RowAction action="delete" onClick={onDelete} label={t("prompts.buttons.delete")} testId="prompt-delete" />
      </TableCell>
    </TableRow>
  );
}

export default function PromptsPage() {
  const { t } = useTranslation();
  const query = usePrompts();
  const remove = useDeletePrompt();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const items = query.data?.prompts ?? [];

  return (
    <ListPage
      testId="prompts"
      title={t("prompts.title")}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setModal({ open: true })}
          data-testid="prompt-add"
        >
          {t("prompts.buttons.add")}
        </Button>
      }
      columns={[
        { label: t("prompts.table.name") },
        { label: t("prompts.table.queue") },
        { label: t("prompts.table.max_tokens"), align: "center" },
        { label: t("prompts.table.actions"), align: "center" },
      ]}
      items={items}
      renderRow={(item, askDelete) => (
        <PromptRow
          key={item.id}
          item={item}
          onEdit={() => setModal({ open: true, id: item.id })}
          onDelete={askDelete}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("prompts.empty")}
      confirmDelete={{
        title: (name) => t("prompts.confirmationModal.deleteTitle", { name }),
        message: t("prompts.confirmationModal.deleteMessage"),
        confirmLabel: t("prompts.buttons.delete"),
        cancelLabel: t("common.cancel"),
        testId: "prompt-delete-dialog",
        onConfirm: (id) => remove.mutate(id),
      }}
    >
      {modal.open && <PromptModal promptId={modal.id} onClose={() => setModal({ open: false })} />}
    </ListPage>
  );
}
