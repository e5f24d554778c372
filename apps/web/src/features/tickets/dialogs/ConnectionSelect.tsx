/** A connection select showing each connection's status: green when CONNECTED, red otherwise (core-platform §2.13). */
import { useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useConnectionList } from "../useLookupLists";
import { DotSelect } from "./DotSelect";

interface Props {
  value: number | "";
  onChange: (id: number | "") => void;
  /** Shown while nothing is chosen ("Selecione uma Conexão" in the transfer modal). */
  placeholder?: string;
  /** A flag under the select (the phrase campaign dialog's missing connection). */
  error?: string;
  testId: string;
}

export function ConnectionSelect({ value, onChange, placeholder, error, testId }: Props) {
  const { t } = useTranslation();
  const { palette } = useTheme();
  const options = (useConnectionList().data ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    note: c.status,
    color: c.status === "CONNECTED" ? palette.success.main : palette.error.main,
  }));
  return (
    <DotSelect
      label={t("newTicketModal.fieldConnection")}
      options={options}
      value={value}
      onChange={onChange}
      emptyLabel={placeholder ?? t("newTicketModal.noConnection")}
      error={error}
      testId={testId}
    />
  );
}
