/**
 * The /files list (GET /files/), kept live from company-{companyId}-file
 * (automation-areas §4): create and update upsert the list in `files`,
 * delete removes `fileId`.
 */
import type { FileListDto } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

export const fileListsKey = "files";

export function fileListSaved(client: QueryClient, list: FileListDto) {
  upsertInPages(client, fileListsKey, "files", list);
}

export function useFileLists() {
  const queryClient = useQueryClient();
  const list = usePagedList<"files", FileListDto>({ key: fileListsKey, path: "/files/", field: "files" });
  useCompanyEvent("file", (payload) => {
    if (payload.action === "delete" && payload.fileId !== undefined) {
      removeFromPages(queryClient, fileListsKey, "files", payload.fileId);
    } else if (payload.files) {
      fileListSaved(queryClient, payload.files);
    }
  });
  return list;
}

/** After a delete the list starts again from page 1 (automation-areas §2 "File lists screen"). */
export function useDeleteFileList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/files/${id}`),
    onSuccess: async () => {
      toast.success(t("files.toasts.deleted"));
      queryClient.removeQueries({ queryKey: [fileListsKey], type: "inactive" });
      await queryClient.resetQueries({ queryKey: [fileListsKey] });
    },
    onError: toastError,
  });
}
