/**
 * The opt-out words (beyond the anchors, issue 12 item 7): chips with their
 * remove, and an input whose word is added on Enter or the add button. Kept
 * with the page's other settings until Save.
 */
import { useState } from "react";
import { Box, Button, Chip, Stack, TextField, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import Cancel from "@mui/icons-material/Cancel";
import { useTranslation } from "react-i18next";
import { optOutWordProblem } from "./campaignSettingsForm";

interface Props {
  words: string[];
  onChange: (words: string[]) => void;
}

export function OptOutWords({ words, onChange }: Props) {
  const { t } = useTranslation();
  const [word, setWord] = useState("");
  const [problem, setProblem] = useState<ReturnType<typeof optOutWordProblem>>(null);
  const add = () => {
    const found = optOutWordProblem(words, word);
    setProblem(found);
    if (found) return;
    onChange([...words, word.trim()]);
    setWord("");
  };
  return (
    <Box data-testid="opt-out-words">
      <Typography variant="subtitle1">{t("campaignsConfig.optOut.title")}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t("campaignsConfig.optOut.help")}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", my: 1.5 }}>
        {words.map((w) => (
          <Chip
            key={w}
            label={w}
            onDelete={() => onChange(words.filter((other) => other !== w))}
            deleteIcon={
              <Cancel aria-label={t("campaignsConfig.optOut.remove", { word: w })} data-testid="opt-out-word-remove" />
            }
            data-testid={`opt-out-word-${w}`}
          />
        ))}
        {words.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("campaignsConfig.optOut.empty")}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          size="small"
          value={word}
          placeholder={t("campaignsConfig.optOut.placeholder")}
          onChange={(e) => setWord(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add();
          }}
          error={problem !== null}
          helperText={problem ? t(problem.key, problem.values) : undefined}
          slotProps={{
            htmlInput: { "data-testid": "opt-out-word-input", "aria-label": t("campaignsConfig.optOut.placeholder") },
          }}
        />
        <Button variant="outlined" startIcon={<Add />} onClick={add} data-testid="opt-out-word-add">
          {t("campaignsConfig.optOut.add")}
        </Button>
      </Stack>
    </Box>
  );
}
