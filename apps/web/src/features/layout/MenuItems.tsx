/** A drawer link and a drawer submenu; with the drawer collapsed they show icons and a tooltip. */
import { useState, type ReactNode } from "react";
import { Badge, Collapse, List, ListItemButton, ListItemIcon, ListItemText, Tooltip } from "@mui/material";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation, useMatch } from "react-router";
import { menuIcons } from "./menuIcons";
import { menuTestId, pageTitleKeys, type MenuGroup, type MenuKey, type MenuLink } from "./menu-rules";

/**
 * A label longer than the drawer is wide (Spanish, a nested entry) takes a
 * second line rather than being cut: every page is named in full.
 */
const labelSlot = { primary: { sx: { whiteSpace: "normal", lineHeight: 1.25 } } } as const;

/** "dot" for unread chats, "!" for connections needing attention. */
export type MenuBadges = Partial<Record<MenuKey, "dot" | "!" | null>>;

interface ItemProps {
  collapsed: boolean;
  onNavigate: () => void;
  badges: MenuBadges;
}

function withBadge(icon: ReactNode, badge: "dot" | "!" | null | undefined) {
  if (!badge) return icon;
  return badge === "dot" ? (
    <Badge variant="dot" color="error" overlap="circular">
      {icon}
    </Badge>
  ) : (
    <Badge badgeContent="!" color="error">
      {icon}
    </Badge>
  );
}

export function MenuLinkItem({
  entry,
  collapsed,
  onNavigate,
  badges,
  nested = false,
}: ItemProps & { entry: MenuLink; nested?: boolean }) {
  const { t } = useTranslation();
  const label = t(pageTitleKeys[entry.key]);
  const active = useMatch({ path: entry.to, end: entry.to === "/" }) !== null;
  const Icon = menuIcons[entry.key];
  return (
    <Tooltip title={collapsed ? label : ""} placement="right">
      <ListItemButton
        component={Link}
        to={entry.to}
        selected={active}
        aria-current={active ? "page" : undefined}
        aria-label={label}
        data-testid={menuTestId(entry)}
        onClick={onNavigate}
        sx={{ pl: nested && !collapsed ? 4 : 2, minHeight: 44 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{withBadge(<Icon />, badges[entry.key])}</ListItemIcon>
        {!collapsed && <ListItemText primary={label} slotProps={labelSlot} />}
      </ListItemButton>
    </Tooltip>
  );
}

export function MenuGroupItem({ entry, ...item }: ItemProps & { entry: MenuGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // A submenu starts open when the current page is one of its entries.
  const [open, setOpen] = useState(() => entry.children.some((c) => matchPath({ path: c.to, end: false }, pathname)));
  const label = t(`mainDrawer.listItems.${entry.key}`);
  const Icon = menuIcons[entry.key];
  const id = `${menuTestId(entry)}-list`;
  return (
    <>
      <Tooltip title={item.collapsed ? label : ""} placement="right">
        <ListItemButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={id}
          aria-label={label}
          data-testid={menuTestId(entry)}
          sx={{ minHeight: 44 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
          {!item.collapsed && <ListItemText primary={label} slotProps={labelSlot} />}
          {!item.collapsed && (open ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding id={id}>
          {entry.children.map((child) => (
            <MenuLinkItem key={child.key} entry={child} nested {...item} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
