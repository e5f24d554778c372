/**
 * The users page's list (GET /users), kept live from company-{companyId}-user.
 * An update of the signed-in user also refreshes the session: the main
 * layout's useSessionEvents does that for every page.
 */
import { userRefusals, type UserDto, type UserRefusal } from "@balcao/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { api, ApiError } from "../../api/http";
import { toastError } from "../../api/toast-error";
import { useCompanyEvent } from "../../app/socket";
import { removeFromPages, upsertInPages, usePagedList } from "../lists/usePagedList";

/** Not "users": the user modal caches single users under ["user", id]. */
export const usersListKey = "user-list";

export function upsertUser(client: QueryClient, user: UserDto) {
  upsertInPages(client, usersListKey, "users", user);
}

export function useUsersList() {
  const queryClient = useQueryClient();
  const list = usePagedList<"users", UserDto>({ key: usersListKey, path: "/users", field: "users" });
  useCompanyEvent("user", (payload) => {
    if (payload.action === "delete" && payload.userId !== undefined) {
      removeFromPages(queryClient, usersListKey, "users", payload.userId);
    } else if (payload.user) {
      upsertUser(queryClient, payload.user);
    }
  });
  return list;
}

/** The rule that refused a delete (ERR_NO_PERMISSION details.reason), if the server named one. */
function refusal(err: unknown): UserRefusal | undefined {
  if (!(err instanceof ApiError) || err.code !== "ERR_NO_PERMISSION") return undefined;
  const reason = (err.body.details as { reason?: unknown } | undefined)?.reason;
  return userRefusals.find((r) => r === reason);
}

export function useDeleteUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/users/${id}`),
    onSuccess: (_, id) => {
      removeFromPages(queryClient, usersListKey, "users", id);
      toast.success(t("users.toasts.deleted"));
    },
    onError: (err) => {
      const reason = refusal(err);
      if (reason) toast.error(t(`users.toasts.refused.${reason}`), { toastId: `user-refused-${reason}` });
      else toastError(err);
    },
  });
}
