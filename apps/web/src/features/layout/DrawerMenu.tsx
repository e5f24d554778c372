/** The side menu entries of core-platform §2.3 for the signed-in user. */
import { useEffect } from "react";
import { Divider, List, ListSubheader } from "@mui/material";
import { useTranslation } from "react-i18next";
import { removeStored, writeStored } from "../../api/storage";
import { useAuth } from "../../app/auth";
import { useConnectionsNeedAttention, useHasUnreadChats } from "./badges";
import { MenuGroupItem, MenuLinkItem, type MenuBadges } from "./MenuItems";
import { adminEntries, hasPlanFeature, mainEntries, type MenuContext } from "./menu-rules";
import { useCompanyPlan } from "./usePlan";

export function DrawerMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data: plan } = useCompanyPlan();
  const unreadChats = useHasUnreadChats();
  const connectionsAttention = useConnectionsNeedAttention();
  const settings = user?.company.settings;
  const campaigns = hasPlanFeature("useCampaigns", plan, settings);

  // The spec's client keeps the campaigns flag in the browser as `cshow`.
  useEffect(() => {
    if (campaigns) writeStored("cshow", "true");
    else if (plan !== undefined) removeStored("cshow");
  }, [campaigns, plan]);

  if (!user) return null;
  const ctx: MenuContext = { profile: user.profile, isSuper: user.super, plan, settings: user.company.settings };
  const badges: MenuBadges = { chats: unreadChats ? "dot" : null, connections: connectionsAttention ? "!" : null };
  const item = { collapsed, onNavigate, badges };
  const admin = adminEntries(ctx);

  return (
    <List component="div" dense={false} sx={{ py: 0.5 }}>
      {mainEntries(ctx).map((entry) => (
        <MenuLinkItem key={entry.key} entry={entry} {...item} />
      ))}
      {admin && (
        <>
          <Divider sx={{ my: 0.5 }} />
          {!collapsed && (
            <ListSubheader component="div" disableSticky sx={{ lineHeight: "36px", bgcolor: "transparent" }}>
              {t("mainDrawer.listItems.administration")}
            </ListSubheader>
          )}
          {admin.map((entry) =>
            entry.kind === "group" ? (
              <MenuGroupItem key={entry.key} entry={entry} {...item} />
            ) : (
              <MenuLinkItem key={entry.key} entry={entry} {...item} />
            ),
          )}
        </>
      )}
    </List>
  );
}
