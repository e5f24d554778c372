/** The Help tab (super users, core-platform §2.18): the help form and the list of help videos. */
import type { HelpDto } from "@balcao/contracts";
import { useTranslation } from "react-i18next";
import { helpsListPath } from "../../helps/useHelps";
import { AdminSection } from "../AdminSection";
import type { Column } from "../AdminTable";
import { useAdminRecords } from "../useAdminRecords";
import { HelpForm } from "./HelpForm";

function useColumns(): Column<HelpDto>[] {
  const { t } = useTranslation();
  return [
    { label: t("settings.helps.table.title"), render: (h) => h.title },
    { label: t("settings.helps.table.description"), render: (h) => h.description, wrap: true },
    { label: t("settings.helps.table.video"), render: (h) => h.video },
  ];
}

export function HelpsTab() {
  const helps = useAdminRecords<HelpDto>({ basePath: "/helps", listPath: helpsListPath, scope: "settings.helps" });
  return (
    <AdminSection
      records={helps}
      scope="settings.helps"
      columns={useColumns()}
      testId="help"
      form={(slot) => (
        <HelpForm
          editing={slot.editing}
          saving={slot.saving}
          onSave={(body) => slot.save(body)}
          onDelete={slot.askDelete}
          onClear={slot.clear}
        />
      )}
    />
  );
}
