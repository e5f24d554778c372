/**
 * Menu badges whose data arrives with later areas. They answer false until
 * then, so the drawer already shows the badge in the right place.
 */

/** Internal chat dot (§2.3): the current user has an unread chat message. Filled by the chats area. */
export function useHasUnreadChats(): boolean {
  return false;
}

/**
 * Connections "!" (§2.3): a connection is in qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT or OPENING, checked 2 s after the list changes. Filled by the connections area.
 */
export function useConnectionsNeedAttention(): boolean {
  return false;
}
