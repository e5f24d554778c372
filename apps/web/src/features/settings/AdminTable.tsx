/** The record lists of the Companies, Plans and Help tabs: columns, an edit and a delete button per row. */
import type { ReactNode } from "react";
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type SxProps,
  type Theme,
} from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: "left" | "center" | "right";
  /** Long text that may wrap (descriptions); other cells stay on one line and the table scrolls. */
  wrap?: boolean;
}

interface Props<T extends { id: number }> {
  rows: T[];
  columns: Column<T>[];
  loading: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  testId: string;
  /** Row styling and data attributes (e.g. the company due-date colours). */
  rowProps?: (row: T) => { sx?: SxProps<Theme>; [data: `data-${string}`]: string | undefined };
}

export function AdminTable<T extends { id: number }>(props: Props<T>) {
  const { rows, columns, loading, onEdit, onDelete, testId, rowProps } = props;
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ mt: 3 }}>
      <Table size="small" data-testid={`${testId}-table`}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.label}
              </TableCell>
            ))}
            <TableCell align="center">{t("settings.table.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover data-testid={`${testId}-row-${row.id}`} {...rowProps?.(row)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align} sx={c.wrap ? { minWidth: 240 } : { whiteSpace: "nowrap" }}>
                  {c.render(row)}
                </TableCell>
              ))}
              <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                <IconButton
                  size="small"
                  onClick={() => onEdit(row)}
                  aria-label={t("settings.buttons.edit")}
                  data-testid={`${testId}-edit`}
                >
                  <Edit fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  onClick={() => onDelete(row)}
                  aria-label={t("settings.buttons.delete")}
                  data-testid={`${testId}-delete`}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1} align="center" sx={{ color: "text.secondary", py: 4 }}>
                {t("common.noRecords")}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
