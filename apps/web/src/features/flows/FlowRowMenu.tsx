/**
 * A flow row's menu (automation-areas §2): Editar nome, Editar fluxo,
 * Duplicar, Ativar / Desativar (issue 18 item 1) and Excluir. One menu for
 * the page, outside the rows, so that a choice is not also a row click.
 */
import { ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import DriveFileRenameOutline from "@mui/icons-material/DriveFileRenameOutline";
import AccountTree from "@mui/icons-material/AccountTreeOutlined";
import PauseCircle from "@mui/icons-material/PauseCircleOutlined";
import PlayCircle from "@mui/icons-material/PlayCircleOutlined";
import type { SvgIconComponent } from "@mui/icons-material";
import type { FlowSummary } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

export type FlowAction = "rename" | "open" | "duplicate" | "toggle" | "delete";

interface Props {
  anchor: HTMLElement | null;
  flow: FlowSummary | null;
  onChoose: (action: FlowAction, flow: FlowSummary) => void;
  onClose: () => void;
}

export function FlowRowMenu({ anchor, flow, onChoose, onClose }: Props) {
  const { t } = useTranslation();
  if (!flow) return null;
  const entries: [FlowAction, string, SvgIconComponent][] = [
    ["rename", t("flows.menu.rename"), DriveFileRenameOutline],
    ["open", t("flows.menu.open"), AccountTree],
    ["duplicate", t("flows.menu.duplicate"), ContentCopy],
    flow.active
      ? ["toggle", t("flows.menu.deactivate"), PauseCircle]
      : ["toggle", t("flows.menu.activate"), PlayCircle],
    ["delete", t("flows.menu.delete"), DeleteOutline],
  ];
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose} data-testid="flow-menu">
      {entries.map(([action, label, Icon]) => (
        <MenuItem
          key={action}
          onClick={() => {
            onClose();
            onChoose(action, flow);
          }}
          data-testid={`flow-menu-${action}`}
          sx={action === "delete" ? { color: "error.main" } : undefined}
        >
          <ListItemIcon sx={action === "delete" ? { color: "error.main" } : undefined}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
