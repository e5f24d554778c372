/**
 * One row of the contacts table: avatar, name, number (and WhatsApp username,
 * the only handle of a customer WhatsApp gives no number for), email and the
 * row actions of business-areas §2.3.
 */
import { Avatar, Box, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import WhatsApp from "@mui/icons-material/WhatsApp";
import type { ContactDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { RowAction } from "../lists/ListPage";
import { initialOf } from "./initialOf";

interface Props {
  contact: ContactDto;
  mayDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onNewTicket: () => void;
}

const hideOnPhone = { display: { xs: "none", md: "table-cell" } };
const hideOnSmallPhone = { display: { xs: "none", sm: "table-cell" } };

export function ContactRow({ contact, mayDelete, onEdit, onDelete, onNewTicket }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`contact-row-${contact.id}`}>
      <TableCell padding="checkbox" sx={{ ...hideOnSmallPhone, pl: 1 }}>
        <Avatar src={contact.profilePicUrl || undefined} alt={contact.name} sx={{ width: 32, height: 32 }}>
          {initialOf(contact.name)}
        </Avatar>
      </TableCell>
      <TableCell data-testid="contact-row-name" sx={{ overflowWrap: "break-word" }}>
        {contact.name}
      </TableCell>
      <TableCell data-testid="contact-row-number">
        {contact.number}
        {contact.username && (
          <Box component="span" sx={{ display: "block", color: "text.secondary" }} data-testid="contact-row-username">
            {t("contactDrawer.username", { username: contact.username })}
          </Box>
        )}
      </TableCell>
      <TableCell data-testid="contact-row-email" sx={{ ...hideOnPhone, wordBreak: "break-all" }}>
        {contact.email}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <Box component="span" sx={{ display: "inline-flex" }}>
          <Tooltip title={t("contacts.buttons.newTicket")}>
            <IconButton
              size="small"
              onClick={onNewTicket}
              aria-label={t("contacts.buttons.newTicket")}
              data-testid="contact-new-ticket"
            >
              <WhatsApp fontSize="small" />
            </IconButton>
          </Tooltip>
          <RowAction action="edit" onClick={onEdit} label={t("contacts.buttons.edit")} testId="contact-edit" />
          {mayDelete && (
            <RowAction
              action="delete"
              onClick={onDelete}
              label={t("contacts.buttons.delete")}
              testId="contact-delete"
            />
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}

export const contactColumns = { hideOnPhone, hideOnSmallPhone };
