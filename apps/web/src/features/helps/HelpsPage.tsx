/**
 * Help videos (/helps, business-areas §2.17): the title with the number of
 * videos, a grid of cards with the video's thumbnail, title and description;
 * a card opens the embedded player in a modal, which Escape closes.
 */
import { useEffect, useState, type SyntheticEvent } from "react";
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  CircularProgress,
  Dialog,
  DialogTitle,
  IconButton,
  Paper,
  Typography,
} from "@mui/material";
import Close from "@mui/icons-material/Close";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutlineOutlined";
import { helpEmbedUrl, helpThumbnailUrl, type HelpDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/toast-error";
import { useHelps } from "./useHelps";

function HelpCard({ help, onOpen }: { help: HelpDto; onOpen: () => void }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }} data-testid={`help-card-${help.id}`}>
      <CardActionArea
        onClick={onOpen}
        sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}
      >
        <Box sx={{ position: "relative", aspectRatio: "16 / 9", bgcolor: "grey.700" }}>
          <CardMedia
            component="img"
            image={helpThumbnailUrl(help.video)}
            alt=""
            loading="lazy"
            // Offline or a removed video: keep the grey frame, not a broken-image icon.
            onError={(e: SyntheticEvent<HTMLImageElement>) => (e.currentTarget.style.visibility = "hidden")}
            sx={{ width: "100%", height: "100%", objectFit: "cover" }}
          />
          <PlayCircleOutline
            sx={{ position: "absolute", inset: 0, m: "auto", fontSize: 56, color: "common.white", opacity: 0.85 }}
          />
        </Box>
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }} gutterBottom>
            {help.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-line" }}>
            {help.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function PlayerDialog({ help, onClose }: { help: HelpDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    // MUI closes on Escape and on a click outside (core-platform: "Escape closes").
    <Dialog open={help !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="help-player">
      <DialogTitle sx={{ pr: 6 }}>
        {help?.title}
        <IconButton
          onClick={onClose}
          aria-label={t("helps.close")}
          sx={{ position: "absolute", right: 8, top: 8 }}
          data-testid="help-player-close"
        >
          <Close />
        </IconButton>
      </DialogTitle>
      {help && (
        <Box sx={{ aspectRatio: "16 / 9", bgcolor: "common.black" }}>
          <iframe
            src={`${helpEmbedUrl(help.video)}?autoplay=1`}
            title={help.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            style={{ border: 0, width: "100%", height: "100%", display: "block" }}
          />
        </Box>
      )}
    </Dialog>
  );
}

export default function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpDto | null>(null);
  const list = helps.data ?? [];

  useEffect(() => {
    if (helps.isError) toastError(helps.error);
  }, [helps.isError, helps.error]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="helps-title">
        {t("helps.title")}{" "}
        <Typography component="span" color="text.secondary">
          {t("helps.videos", { count: list.length })}
        </Typography>
      </Typography>
      {helps.isLoading && (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }} aria-busy="true">
          <CircularProgress />
        </Box>
      )}
      {!helps.isLoading && list.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {t("helps.empty")}
        </Typography>
      )}
      <Box
        data-testid="helps-grid"
        sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))" }}
      >
        {list.map((help) => (
          <HelpCard key={help.id} help={help} onOpen={() => setPlaying(help)} />
        ))}
      </Box>
      <PlayerDialog help={playing} onClose={() => setPlaying(null)} />
    </Paper>
  );
}
