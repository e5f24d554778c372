/**
 * The provider tab: WhatsApp Web (beta, QR pairing) or the WhatsApp Cloud API
 * (cloud), whose four credentials come from Meta's app, and whose webhook URL
 * and verify token go into its webhook settings: both shown whole, with a copy
 * button, to the admins who open the modal (issue 30 item 4). The access token
 * and app secret come back masked; left as they are, they stay stored.
 */
import { Alert, Box } from "@mui/material";
import { useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CopyField } from "../common/CopyField";
import { FormText } from "../common/FormText";
import { GeneratedField } from "./ConnectionFields";
import type { ConnectionFormValues } from "./connectionForm";

interface Props {
  control: Control<ConnectionFormValues>;
  setValue: UseFormSetValue<ConnectionFormValues>;
  /** Known once the connection is saved (it names the connection's id). */
  webhookUrl?: string;
  /** Saved just now, as a new connection: say what to do with the URL and the token. */
  justCreated: boolean;
}

const k = (key: string) => `whatsappModal.form.${key}`;

/** Without PUBLIC_URL the server answers a path: the browser's origin is the public address then. */
function absolute(url: string): string {
  return url.startsWith("/") ? `${window.location.origin}${url}` : url;
}

export function ProviderFields({ control, setValue, webhookUrl, justCreated }: Props) {
  const { t } = useTranslation();
  const provider = useWatch({ control, name: "provider" });
  return (
    <Box>
      <FormText control={control} name="provider" label={t(k("provider"))} testId="connection-provider" select>
        <option value="beta">{t(k("providerBeta"))}</option>
        <option value="cloud">{t(k("providerCloud"))}</option>
      </FormText>
      {provider === "cloud" && (
        <>
          <Alert severity="info" sx={{ my: 1 }}>
            {t(k("cloudHelp"))}
          </Alert>
          {(["cloudPhoneNumberId", "cloudAccessToken", "cloudAppSecret"] as const).map((name) => (
            <FormText key={name} control={control} name={name} label={t(k(name))} testId={`connection-${name}`} />
          ))}
          <GeneratedField
            control={control}
            setValue={setValue}
            name="cloudVerifyToken"
            helperText={t(k("cloudVerifyTokenHelp"))}
            testId="connection-cloudVerifyToken"
          />
          {webhookUrl ? (
            <>
              <CopyField label={t(k("webhookUrl"))} value={absolute(webhookUrl)} testId="connection-webhook-url" />
              {justCreated && (
                <Alert severity="success" sx={{ mt: 1 }} data-testid="connection-webhook-next">
                  {t(k("webhookNext"))}
                </Alert>
              )}
            </>
          ) : (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="connection-webhook-later">
              {t(k("webhookAfterSave"))}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
