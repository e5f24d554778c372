/** The colour picker of the queue modal: the 50 fixed swatches of §9; picking one closes it. */
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, type PaperProps } from "@mui/material";
import { normaliseColor, queuePalette } from "@balcao/contracts";
import { useTranslation } from "react-i18next";

interface Props {
  open: boolean;
  value: string;
  onPick: (color: string) => void;
  onClose: () => void;
}

// data-* attributes are not in PaperProps' type; they reach the DOM all the same.
const paperProps = { "data-testid": "color-picker" } as PaperProps;

export function ColorPickerDialog({ open, value, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const current = normaliseColor(value);
  return (
    <Dialog open={open} onClose={onClose} slotProps={{ paper: paperProps }}>
      <DialogTitle>{t("colorPicker.title")}</DialogTitle>
      <DialogContent>
        <Box
          role="listbox"
          aria-label={t("colorPicker.title")}
          sx={{
            display: "grid",
            // Bigger touch targets on phones; the palette's rows of ten on wider screens.
            gridTemplateColumns: { xs: "repeat(7, 32px)", sm: "repeat(10, 28px)" },
            gridAutoRows: { xs: "32px", sm: "28px" },
            gap: 1,
            justifyContent: "center",
          }}
        >
          {queuePalette.map((color) => {
            const selected = normaliseColor(color) === current;
            return (
              <ButtonBase
                key={color}
                role="option"
                aria-selected={selected}
                aria-label={t("colorPicker.swatch", { color })}
                title={color}
                data-testid={`swatch-${color.slice(1).toLowerCase()}`}
                onClick={() => onPick(color)}
                sx={{
                  width: "100%",
                  height: "100%",
                  borderRadius: 1,
                  bgcolor: color,
                  outline: selected ? "3px solid" : "1px solid",
                  outlineColor: selected ? "text.primary" : "divider",
                  outlineOffset: selected ? 2 : 0,
                  "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
                }}
              />
            );
          })}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
