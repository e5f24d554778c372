/**
 * Browser notifications (core-platform §4.7): permission is asked once; a
 * browser without the Notification API is recorded as unsupported, which
 * the notifications popover tells the user.
 */
export type NotificationSupport = "unsupported" | NotificationPermission;

export function notificationSupport(): NotificationSupport {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

export function askPermission(): void {
  if (notificationSupport() === "default") void Notification.requestPermission();
}

export function showNotification(opts: {
  title: string;
  body: string;
  tag: string;
  icon?: string;
  onClick: () => void;
}) {
  if (notificationSupport() !== "granted") return;
  const n = new Notification(opts.title, { body: opts.body, tag: opts.tag, icon: opts.icon || undefined });
  n.onclick = () => {
    window.focus();
    opts.onClick();
    n.close();
  };
}
