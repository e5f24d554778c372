/** The floating add-block menu (§2), in the contracts' flowAddMenu order (condition after Pergunta). */
import { useState } from "react";
import { Fab, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { flowAddMenu, type FlowNodeType } from "@balcao/contracts";
import { nodeLooks } from "../nodes/looks";

export function AddBlockMenu({ onAdd }: { onAdd: (type: FlowNodeType) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Fab
        color="primary"
        size="medium"
        variant="extended"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="flow-add-block"
        sx={{ position: "absolute", top: 12, left: 12, zIndex: 5 }}
      >
        <Add sx={{ mr: 0.5 }} />
        {t("flowBuilder.addBlock")}
      </Fab>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} data-testid="flow-add-block-menu">
        {flowAddMenu.map((type) => {
          const { icon: Icon, color } = nodeLooks[type];
          return (
            <MenuItem
              key={type}
              data-testid={`flow-add-${type}`}
              onClick={() => {
                setAnchor(null);
                onAdd(type);
              }}
            >
              <ListItemIcon>
                <Icon sx={{ color }} />
              </ListItemIcon>
              <ListItemText>{t(`flowBuilder.nodes.${type}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
