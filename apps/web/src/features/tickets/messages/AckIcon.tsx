/** The ack icons of core-platform §4.2. */
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import type { Ack } from "@balcao/contracts";
import { ackKind } from "./messageRules";

const sx = { fontSize: 16, verticalAlign: "middle" };

export function AckIcon({ ack }: { ack: Ack }) {
  const kind = ackKind(ack);
  const common = { "data-testid": "message-ack", "data-ack": kind } as const;
  if (kind === "pending") return <AccessTime {...common} sx={sx} color="disabled" />;
  if (kind === "sent") return <Done {...common} sx={sx} color="action" />;
  if (kind === "delivered") return <DoneAll {...common} sx={sx} color="action" />;
  return <DoneAll {...common} sx={{ ...sx, color: "#1e88e5" }} />;
}
