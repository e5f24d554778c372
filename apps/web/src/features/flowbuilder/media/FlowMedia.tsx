/**
 * A stored flow file (an img, audio or video node's url, a content item's value) played or
 * shown from {host}/public/{name}. The file needs the bearer token, so it is fetched as a
 * blob through the app's authenticated file fetch (the ticket messages' useMediaUrl) and
 * kept as an object URL for the session.
 */
import { Box, CircularProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useMediaUrl } from "../../tickets/messages/useMediaUrl";
import { flowMediaPath } from "./upload";

export type FlowMediaType = "img" | "audio" | "video";

interface Props {
  type: FlowMediaType;
  /** The stored name (`{name}` of the upload). */
  url: string | null | undefined;
  /** Height of an image or video (cards are small). */
  maxHeight?: number;
}

export function FlowMedia({ type, url, maxHeight = 140 }: Props) {
  const { t } = useTranslation();
  const media = useMediaUrl(url ? flowMediaPath(url) : null, Boolean(url));
  if (!url || media.failed)
    return (
      <Typography variant="caption" color="text.secondary" data-testid="flow-media-missing">
        {t(url ? "flowDialogs.media.unavailable" : "flowDialogs.media.none")}
      </Typography>
    );
  if (!media.url) return <CircularProgress size={20} aria-label={t("flowDialogs.media.loading")} />;
  return <MediaElement type={type} src={media.url} maxHeight={maxHeight} />;
}

/** An image, audio or video element for a ready src (an object URL of a stored or a chosen file). */
export function MediaElement({ type, src, maxHeight = 140 }: { type: FlowMediaType; src: string; maxHeight?: number }) {
  // nodrag/nowheel: inside a canvas card, dragging the player must not move the node.
  if (type === "img")
    return (
      <Box
        component="img"
        src={src}
        alt=""
        data-testid="flow-media-img"
        sx={{ display: "block", maxWidth: "100%", maxHeight, borderRadius: 1 }}
      />
    );
  if (type === "audio")
    return <audio className="nodrag" controls src={src} data-testid="flow-media-audio" style={{ width: "100%" }} />;
  return (
    <video
      className="nodrag"
      controls
      src={src}
      data-testid="flow-media-video"
      style={{ display: "block", maxWidth: "100%", maxHeight }}
    />
  );
}
