/** One or several contact cards (a message may share many vCards, joined in its body): each one shown. */
import { Avatar, Box, Typography } from "@mui/material";
import { parseVcards } from "./messageRules";

export function ContactCards({ body }: { body: string }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      {parseVcards(body).map((card, i) => (
        <Box
          key={i}
          sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 200 }}
          data-testid="message-contact"
        >
          <Avatar>{card.name.charAt(0).toUpperCase()}</Avatar>
          <Box>
            <Typography variant="subtitle2">{card.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {card.number}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
