/**
 * Business hours with an empty out-of-hours message leave a customer who writes outside them with no answer
 * at all (issue 30 item 12). The queue modal and the Settings' Schedules tab say so when saved, and offer the
 * default message, in the language the admin reads the page in, with one click.
 */
import { useEffect, useRef } from "react";
import { Alert, Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";

interface Props {
  text: string;
  /** What the button fills or saves the default message into. */
  useDefaultLabel: string;
  onUseDefault: (message: string) => void;
  busy?: boolean;
  testId: string;
}

export function OutOfHoursWarning({ text, useDefaultLabel, onUseDefault, busy, testId }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // It comes after a save, below the form: brought into view, or the admin would not see it.
  // (Braces: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <Alert ref={ref} severity="warning" sx={{ mt: 1 }} data-testid={testId}>
      {text}
      {/* Below the text, not beside it: the labels are long in every language. */}
      <Box sx={{ mt: 1 }}>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          loading={busy}
          onClick={() => onUseDefault(t("queueModal.schedules.defaultOutOfHoursMessage"))}
          data-testid={`${testId}-use-default`}
        >
          {useDefaultLabel}
        </Button>
      </Box>
    </Alert>
  );
}
