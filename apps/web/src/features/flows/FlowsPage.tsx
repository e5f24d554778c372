/**
 * Conversation flows (/flowbuilders, automation-areas §2, issue 18 item 1):
 * search, "Adicionar Fluxo", the paged list (infinite scroll) with each
 * flow's name and Ativo / Desativado; a row opens the builder, its menu
 * renames, opens, duplicates, switches and deletes (the last two after the
 * §2 confirmations; a delete's names the phrase campaigns going with the flow). The list follows company-{companyId}-flowbuilder live.
 * The page keeps the app's new-ticket dialog, which opens the ticket it makes.
 */
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { Button, Chip, IconButton, TableCell, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import AddComment from "@mui/icons-material/AddCommentOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import type { FlowSummary } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { ListPage } from "../lists/ListPage";
import { usePhraseCampaignsOf } from "../phrase-campaigns/usePhraseCampaigns";
import { FlowNameModal } from "./FlowNameModal";
import { FlowRowMenu, type FlowAction } from "./FlowRowMenu";
import { useDeleteFlow, useDuplicateFlow, useFlows, useSetFlowActive } from "./useFlows";

/** The tickets area's new-ticket modal; on success it goes to /tickets/{uuid}. */
const NewTicketModal = lazy(() => import("../tickets/dialogs/NewTicketModal"));

type Dialog = { kind: "none" } | { kind: "name"; flow?: FlowSummary } | { kind: "ticket" };

/** What a confirmation asks about; kept while the dialog fades out, so its title stays. */
interface Asking {
  kind: "duplicate" | "delete";
  flow: FlowSummary;
  open: boolean;
}

function FlowStatus({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={active ? "filled" : "outlined"}
      color={active ? "success" : "default"}
      label={t(active ? "flows.status.active" : "flows.status.inactive")}
      data-testid="flow-cell-status"
    />
  );
}

function FlowRow(props: { item: FlowSummary; onOpen: () => void; onMenu: (anchor: HTMLElement) => void }) {
  const { item, onOpen, onMenu } = props;
  const { t } = useTranslation();
  const openMenu = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    onMenu(e.currentTarget);
  };
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: "pointer" }} data-testid={`flow-row-${item.id}`}>
      <TableCell data-testid="flow-cell-name">{item.name}</TableCell>
      <TableCell align="center">
        <FlowStatus active={item.active} />
      </TableCell>
      <TableCell align="right" sx={{ width: 56 }}>
        <IconButton size="small" onClick={openMenu} aria-label={t("flows.table.actions")} data-testid="flow-menu-open">
          <MoreVert fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

export default function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, setSearch, items, query } = useFlows();
  const remove = useDeleteFlow();
  const duplicate = useDuplicateFlow();
  const setActive = useSetFlowActive();
  const [dialog, setDialog] = useState<Dialog>({ kind: "none" });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; flow: FlowSummary } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const close = () => setDialog({ kind: "none" });
  const open = (flow: FlowSummary) => void navigate(`/flowbuilder/${flow.id}`);

  const choose = (action: FlowAction, flow: FlowSummary) => {
    if (action === "rename") setDialog({ kind: "name", flow });
    else if (action === "open") open(flow);
    else if (action === "toggle") setActive.mutate({ flow, active: !flow.active });
    else setAsking({ kind: action, flow, open: true });
  };
  // The dialog stays open until the server answers; a failure has had its toast.
  const confirm = ({ kind, flow }: Asking) =>
    (kind === "delete" ? remove.mutateAsync(flow.id) : duplicate.mutateAsync(flow.id)).catch(() => undefined);
  const kind = asking?.kind ?? "delete";
  const doomedCampaigns = usePhraseCampaignsOf(asking?.kind === "delete" ? asking.flow.id : undefined);
  const message = [t(`flows.confirm.${kind}Message`)];
  if (kind === "delete" && doomedCampaigns.length > 0)
    message.push(
      t("flows.confirm.deleteCampaigns", {
        count: doomedCampaigns.length,
        names: doomedCampaigns.map((name) => `"${name}"`).join(", "),
      }),
    );

  return (
    <ListPage
      testId="flows"
      title={t("flows.title")}
      search={{ value: search, onChange: setSearch, placeholder: t("flows.searchPlaceholder") }}
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<AddComment />}
            onClick={() => setDialog({ kind: "ticket" })}
            data-testid="flow-new-ticket"
          >
            {t("flows.buttons.newTicket")}
          </Button>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ kind: "name" })}
            data-testid="flow-add"
          >
            {t("flows.buttons.add")}
          </Button>
        </>
      }
      columns={[
        { label: t("flows.table.name") },
        { label: t("flows.table.status"), align: "center" },
        { label: t("flows.table.actions"), align: "right" },
      ]}
      items={items}
      renderRow={(item) => (
        <FlowRow
          key={item.id}
          item={item}
          onOpen={() => open(item)}
          onMenu={(anchor) => setMenu({ anchor, flow: item })}
        />
      )}
      loaded={query.isSuccess}
      emptyText={t("flows.empty")}
      paging={query}
    >
      <FlowRowMenu
        anchor={menu?.anchor ?? null}
        flow={menu?.flow ?? null}
        onChoose={choose}
        onClose={() => setMenu(null)}
      />
      {dialog.kind === "name" && <FlowNameModal flow={dialog.flow} onClose={close} />}
      <ConfirmDialog
        open={asking?.open ?? false}
        title={t(`flows.confirm.${kind}Title`, { name: asking?.flow.name ?? "" })}
        message={message.join(" ")}
        confirmLabel={t(`flows.menu.${kind}`)}
        cancelLabel={t("common.cancel")}
        confirmColor={kind === "delete" ? "error" : "primary"}
        onConfirm={() => asking && confirm(asking)}
        onClose={() => setAsking((a) => a && { ...a, open: false })}
        testId={`flow-${kind}-dialog`}
      />
      {dialog.kind === "ticket" && (
        <Suspense fallback={null}>
          <NewTicketModal onClose={close} />
        </Suspense>
      )}
    </ListPage>
  );
}
