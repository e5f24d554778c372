/**
 * The frame of a list page (business-areas §2.2): the title row, a table
 * with its empty-state row, infinite scroll when the list comes in pages,
 * and delete after a confirmation titled with the row's name (for lists
 * whose rows can be deleted).
 */
import { useState, type ReactNode } from "react";
import {
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type TableCellProps,
  type Theme,
} from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { ConfirmDialog } from "./ConfirmDialog";
import { InfiniteSentinel } from "./InfiniteSentinel";
import { ListHeader } from "./ListHeader";

interface Named {
  id: number;
  /** Titles the delete confirmation. */
  name?: string;
}

/** A header cell; the rows render their own cells in the same order. */
export interface HeadCell {
  label?: string;
  align?: TableCellProps["align"];
  padding?: TableCellProps["padding"];
  sx?: SxProps<Theme>;
}

/** The texts of the delete confirmation and what confirming does. */
export interface DeleteConfirmation {
  title: (name: string) => string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  testId: string;
  onConfirm: (id: number) => void;
}

/** What infinite scroll needs of a paged query (usePagedList's `query`). */
interface Paging {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface Props<T extends Named> {
  /** `users` names the header's test ids and the table (`users-table`). */
  testId: string;
  title: string;
  count?: number;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** The title row's buttons. */
  actions: ReactNode;
  /** Shown between the title row and the table (a state of the whole page). */
  notice?: ReactNode;
  columns: HeadCell[];
  tableSx?: SxProps<Theme>;
  items: T[];
  renderRow: (item: T, askDelete: () => void) => ReactNode;
  /** The first answer came: an empty list now means there is nothing. */
  loaded: boolean;
  emptyText: string;
  paging?: Paging;
  /** Absent for rows nobody deletes (invoices). */
  confirmDelete?: DeleteConfirmation;
  /** Under the table (a note), and the page's own dialogs. */
  children?: ReactNode;
}

export function ListPage<T extends Named>(props: Props<T>) {
  const { testId, title, count, search, actions, columns, tableSx, items, renderRow, loaded, emptyText } = props;
  const { notice, paging, confirmDelete, children } = props;
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ListHeader
        title={title}
        count={count}
        search={search?.value}
        onSearch={search?.onChange}
        searchPlaceholder={search?.placeholder}
        testId={testId}
      >
        {actions}
      </ListHeader>
      {notice}
      <TableContainer>
        <Table size="small" data-testid={`${testId}-table`} sx={tableSx}>
          <TableHead>
            <TableRow>
              {columns.map(({ label, ...cell }, i) => (
                <TableCell key={i} {...cell}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => renderRow(item, () => setDeleting(item)))}
            {loaded && items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: "text.secondary", py: 4 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <InfiniteSentinel
          hasMore={paging.hasNextPage}
          loading={paging.isFetching}
          onLoadMore={() => void paging.fetchNextPage()}
        />
      )}
      {children}
      {confirmDelete && (
        <ConfirmDialog
          open={deleting !== null}
          title={confirmDelete.title(deleting?.name ?? "")}
          message={confirmDelete.message}
          confirmLabel={confirmDelete.confirmLabel}
          cancelLabel={confirmDelete.cancelLabel}
          onConfirm={() => deleting && confirmDelete.onConfirm(deleting.id)}
          onClose={() => setDeleting(null)}
          testId={confirmDelete.testId}
        />
      )}
    </Paper>
  );
}

const actionIcons = { edit: Edit, delete: DeleteOutline };

interface RowActionProps {
  action: keyof typeof actionIcons;
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A row's edit or delete button. */
export function RowAction({ action, label, testId, onClick, disabled }: RowActionProps) {
  const Icon = actionIcons[action];
  return (
    <IconButton size="small" onClick={onClick} disabled={disabled} aria-label={label} data-testid={testId}>
      <Icon fontSize="small" />
    </IconButton>
  );
}
