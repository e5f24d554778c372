/**
 * Settings (/settings, core-platform §2.18): the Options tab for everyone who
 * reaches it; the company Schedules tab when scheduleType is "company"; and
 * the Companies, Plans and Help tabs for super users only.
 */
import { useState } from "react";
import { Box, Paper, Tab, Tabs, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/auth";
import { CompaniesTab } from "./companies/CompaniesTab";
import { HelpsTab } from "./helps/HelpsTab";
import { OptionsTab } from "./OptionsTab";
import { OwnStorage } from "./OwnStorage";
import { PlansTab } from "./plans/PlansTab";
import { SchedulesTab } from "./SchedulesTab";
import { visibleTabs, type TabKey } from "./settings-tabs";
import { useSettings } from "./useSettings";

function TabBody({ tab, isSuper, canEdit }: { tab: TabKey; isSuper: boolean; canEdit: boolean }) {
  switch (tab) {
    case "options":
      return <OptionsTab isSuper={isSuper} canEdit={canEdit} />;
    case "schedules":
      return <SchedulesTab />;
    case "companies":
      return <CompaniesTab />;
    case "plans":
      return <PlansTab />;
    case "helps":
      return <HelpsTab />;
  }
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const settings = useSettings();
  const isSuper = user?.super === true;
  const canEdit = isSuper || user?.profile === "admin";
  const scheduleType = settings.data?.find((s) => s.key === "scheduleType")?.value;
  const tabs = visibleTabs(isSuper, canEdit, scheduleType);
  const [chosen, setChosen] = useState<TabKey>("options");
  // A tab that disappears (scheduleType changed) falls back to Options.
  const tab = tabs.includes(chosen) ? chosen : "options";

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t("settings.title")}
      </Typography>
      {canEdit && <OwnStorage />}
      <Tabs
        value={tab}
        onChange={(_, value: TabKey) => setChosen(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}
      >
        {tabs.map((key) => (
          <Tab key={key} value={key} label={t(`settings.tabs.${key}`)} data-testid={`settings-tab-${key}`} />
        ))}
      </Tabs>
      <Box>
        <TabBody tab={tab} isSuper={isSuper} canEdit={canEdit} />
      </Box>
    </Paper>
  );
}
