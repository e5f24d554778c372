/**
 * The list, save and delete of one super-user resource (companies, plans,
 * helps): GET {listPath}, POST {basePath}, PUT and DELETE {basePath}/{id}.
 * Failures show the tab's error toasts (adminErrors.ts); the list is
 * refetched after every change.
 */
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api } from "../../api/http";
import { listError, operationError, type AdminScope } from "./adminErrors";

interface Options {
  /** Also the query key's first part (e.g. "companies"). */
  basePath: string;
  listPath: string;
  scope: AdminScope;
  enabled?: boolean;
}

export function useAdminRecords<T extends { id: number }>({ basePath, listPath, scope, enabled = true }: Options) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = [basePath.slice(1), "admin-list"];
  const list = useQuery({ queryKey, queryFn: () => api.get<T[]>(listPath), enabled, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  useEffect(() => {
    if (list.isError) listError(scope);
  }, [list.isError, scope]);

  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) =>
      id === undefined ? api.post<T>(basePath, body) : api.put<T>(`${basePath}/${id}`, body),
    onSuccess: () => {
      toast.success(t(`${scope}.toasts.success`));
      void refresh();
    },
    onError: (err) => operationError(scope, err),
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${basePath}/${id}`),
    onSuccess: () => {
      toast.success(t(`${scope}.toasts.deleted`));
      void refresh();
    },
    onError: (err) => operationError(scope, err),
  });

  return { list, rows: list.data ?? [], save, remove };
}
