/**
 * The 'attendance time' tab: start and end (HH:mm) per weekday, Monday to
 * Sunday. Saving here only keeps the hours in the queue form (an information
 * toast says so) and goes back to the first tab; saving the queue persists them.
 */
import { useState } from "react";
import { Box, Button, TextField, Typography } from "@mui/material";
import type { WeekdayHours } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { CompanyZoneNote } from "../common/CompanyZoneNote";

interface Props {
  value: WeekdayHours[];
  onSave: (hours: WeekdayHours[]) => void;
}

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

export function QueueHoursTab({ value, onSave }: Props) {
  const { t } = useTranslation();
  const [hours, setHours] = useState(value);
  const [touched, setTouched] = useState(false);

  const change = (index: number, field: "startTime" | "endTime", time: string) =>
    setHours((list) => list.map((h, i) => (i === index ? { ...h, [field]: time } : h)));
  const valid = hours.every((h) => hhmm.test(h.startTime) && hhmm.test(h.endTime));

  const timeField = (h: WeekdayHours, index: number, field: "startTime" | "endTime") => {
    const bad = touched && !hhmm.test(h[field]);
    return (
      <TextField
        type="time"
        size="small"
        label={t(`queueModal.schedules.${field}`)}
        value={h[field]}
        onChange={(e) => change(index, field, e.target.value)}
        error={bad}
        helperText={bad ? t("queueModal.schedules.invalid") : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": `hours-${h.weekdayEn}-${field}` } }}
      />
    );
  };

  return (
    <Box>
      {hours.map((h, index) => (
        <Box
          key={h.weekdayEn}
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr 1fr", sm: "160px 1fr 1fr" },
            alignItems: "center",
            gap: 2,
            py: 1,
          }}
        >
          <Typography sx={{ gridColumn: { xs: "1 / -1", sm: "auto" }, fontWeight: 500 }}>
            {t(`queueModal.schedules.weekdays.${h.weekdayEn}`)}
          </Typography>
          {timeField(h, index, "startTime")}
          {timeField(h, index, "endTime")}
        </Box>
      ))}
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, mt: 1 }}>
        {/* The hours are read on the company's clock (the chatbot's and the dashboard's), not the browser's. */}
        <CompanyZoneNote testId="hours-zone" />
        <Button
          variant="outlined"
          data-testid="hours-save"
          onClick={() => {
            setTouched(true);
            if (valid) onSave(hours);
          }}
        >
          {t("queueModal.schedules.save")}
        </Button>
      </Box>
    </Box>
  );
}
