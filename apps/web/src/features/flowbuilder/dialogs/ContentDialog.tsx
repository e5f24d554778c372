/**
 * §2 Content (singleBlock): texts, intervals, images, audios and videos added in order and
 * sent in that order; the flow's variables shown as {{key}}. Saving checks the §5 rules,
 * sends every new file at once to /flowbuilder/content ("Subindo os arquivos e criando o
 * conteúdo..."), matches the stored names back by extension and saves {seq, elements}.
 */
import { useState } from "react";
import { Box, Button, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { flowContentElementTypes, flowUploadWaits, type FlowContentElementType } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { compressImage } from "../media/compress";
import { matchStoredNames, uploadContentMedia } from "../media/upload";
import { BlockDialogShell, blockDialog } from "./BlockDialogShell";
import { ContentItemCard } from "./ContentItemCard";
import { contentError, itemsFromData, newItem, pendingUploads, toContentData, type ContentItem } from "./content";
import type { BlockDialogProps } from "./types";
import { useUpload } from "./useUpload";
import { VariableHint } from "./VariableHint";

/** Every chosen file up in one request (images compressed first); the stored names by item number. */
async function uploadItems(items: ContentItem[]): Promise<Map<string, string>> {
  const pending = pendingUploads(items);
  if (pending.length === 0) return new Map();
  const files = await Promise.all(
    pending.map((i) => (i.type === "img" ? compressImage(i.file) : Promise.resolve(i.file))),
  );
  const names = await uploadContentMedia(files);
  return matchStoredNames(
    pending.map((i, at) => ({ number: i.number, fileName: files[at]?.name ?? i.file.name })),
    names,
  );
}

function ContentForm({ mode, data, variables, onSave, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ContentItem[]>(() => itemsFromData(data));
  const upload = useUpload();
  const add = (type: FlowContentElementType) => setItems((old) => [...old, newItem(type, old)]);
  const change = (number: string, patch: Partial<ContentItem>) =>
    setItems((old) => old.map((i) => (i.number === number ? { ...i, ...patch } : i)));

  const submit = () => {
    const problem = contentError(items);
    if (problem) return void toast.error(t(problem), { toastId: problem });
    const waitMs = pendingUploads(items).length > 0 ? flowUploadWaits.contentMs : 0;
    void upload.run(
      () => uploadItems(items),
      "flowDialogs.singleBlock.success",
      waitMs,
      (stored) => onSave(toContentData(items, stored)),
    );
  };

  return (
    <BlockDialogShell
      mode={mode}
      block="singleBlock"
      onClose={onClose}
      onSubmit={submit}
      busy={upload.busy}
      busyText={t("flowDialogs.singleBlock.uploading")}
      maxWidth="md"
    >
      <VariableHint variables={variables} />
      <Box sx={{ mt: 1 }}>
        {items.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("flowDialogs.singleBlock.empty")}
          </Typography>
        )}
        {items.map((item) => (
          <ContentItemCard
            key={item.number}
            item={item}
            disabled={upload.busy}
            onChange={(patch) => change(item.number, patch)}
            onRemove={() => setItems((old) => old.filter((i) => i.number !== item.number))}
          />
        ))}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {flowContentElementTypes.map((type) => (
          <Button
            key={type}
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            disabled={upload.busy}
            onClick={() => add(type)}
            data-testid={`flow-content-add-${type}`}
          >
            {t(`flowDialogs.singleBlock.add.${type}`)}
          </Button>
        ))}
      </Box>
    </BlockDialogShell>
  );
}

export const ContentDialog = blockDialog(ContentForm);
