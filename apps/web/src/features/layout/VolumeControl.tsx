/** Notification volume 0–1, step 0.1 (core-platform §2.2): inline on wide screens, in a popover on small ones. */
import { useState } from "react";
import {
  Box,
  IconButton,
  Popover,
  Slider,
  Tooltip,
  useMediaQuery,
  useTheme,
  type SxProps,
  type Theme,
} from "@mui/material";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import { useTranslation } from "react-i18next";
import { setVolume, useVolume } from "./volume";

function VolumeSlider({ width }: { width: number }) {
  const { t } = useTranslation();
  const volume = useVolume();
  return (
    <Slider
      data-testid="volume-slider"
      aria-label={t("mainLayout.volume")}
      size="small"
      min={0}
      max={1}
      step={0.1}
      value={volume}
      onChange={(_, v: number | number[]) => setVolume(Array.isArray(v) ? (v[0] ?? 1) : v)}
      valueLabelDisplay="auto"
      valueLabelFormat={(v) => `${Math.round(v * 100)}%`}
      sx={{ width, color: "inherit" }}
    />
  );
}

export function VolumeControl({ buttonSx }: { buttonSx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const inline = useMediaQuery(theme.breakpoints.up("md"), { noSsr: true });
  const volume = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const icon = volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />;

  if (inline) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1 }}>
        {icon}
        <VolumeSlider width={90} />
      </Box>
    );
  }
  return (
    <>
      <Tooltip title={t("mainLayout.volume")}>
        <IconButton
          color="inherit"
          sx={buttonSx}
          data-testid="volume-button"
          aria-label={t("mainLayout.volume")}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
        transformOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Box sx={{ px: 3, py: 1.5, color: "primary.main" }}>
          <VolumeSlider width={160} />
        </Box>
      </Popover>
    </>
  );
}
