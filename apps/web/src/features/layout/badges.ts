/**
 * Menu badges. Those whose data arrives with later areas answer false until
 * then, so the drawer already shows the badge in the right place.
 */
import { useEffect, useState } from "react";
import { can, timings } from "@balcao/contracts";
import { useAuth } from "../../app/auth";
import { connectionsNeedAttention } from "../connections/sessionView";
import { useConnections } from "../connections/useConnections";

/** Internal chat dot (§2.3): the current user has an unread chat message. Filled by the chats area. */
export function useHasUnreadChats(): boolean {
  return false;
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
