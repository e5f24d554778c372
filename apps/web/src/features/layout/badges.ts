/** Menu badges (core-platform §2.3). */
import { useEffect, useState } from "react";
import { can, timings } from "@balcao/contracts";
import { useAuth } from "../../app/auth";
import { hasUnreadChats } from "../chats/chatRules";
import { useChatList } from "../chats/useChats";
import { connectionsNeedAttention } from "../connections/sessionView";
import { useConnections } from "../connections/useConnections";

/** Internal chat dot (§2.3): the current user has an unread chat message; live through their list's channel. */
export function useHasUnreadChats(): boolean {
  const { user } = useAuth();
  const { items } = useChatList({ deferred: true });
  return hasUnreadChats(items, user?.id);
}

/**
 * Connections "!" (§2.3), checked 2 s after the list changes, so a session
 * passing through OPENING does not flash the badge.
 * Only the administration menu shows the entry, so only admins load the list.
 */
export function useConnectionsNeedAttention(): boolean {
  const { user } = useAuth();
  const { data } = useConnections(can(user?.profile, "drawer-admin-items:view"));
  const [attention, setAttention] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAttention(connectionsNeedAttention(data ?? [])), timings.connectionBadgeCheckMs);
    return () => clearTimeout(timer);
  }, [data]);
  return attention;
}
