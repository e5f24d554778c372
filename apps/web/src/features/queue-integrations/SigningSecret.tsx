/**
 * The signing secret of an n8n / webhook integration: the key of every
 * delivery's X-Balcao-Signature, shown whole with copy and regenerate (after
 * a confirmation: the receiver must then be given the new one).
 */
import { useState } from "react";
import { IconButton } from "@mui/material";
import Autorenew from "@mui/icons-material/Autorenew";
import { useTranslation } from "react-i18next";
import { CopyField } from "../common/CopyField";
import { ConfirmDialog } from "../lists/ConfirmDialog";
import { useRegenerateSecret } from "./useDeliveries";

const k = (key: string) => `queueIntegrationModal.secret.${key}`;

export function SigningSecret({ integrationId, secret }: { integrationId: number; secret: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(secret);
  const [asking, setAsking] = useState(false);
  const regenerate = useRegenerateSecret(integrationId, setShown);
  return (
    <>
      <CopyField
        label={t(k("label"))}
        value={shown}
        helperText={t(k("help"))}
        testId="integration-secret"
        extra={
          <IconButton
            edge="end"
            onClick={() => setAsking(true)}
            disabled={regenerate.isPending}
            aria-label={t(k("regenerate"))}
            title={t(k("regenerate"))}
            data-testid="integration-secret-regenerate"
          >
            <Autorenew />
          </IconButton>
        }
      />
      <ConfirmDialog
        open={asking}
        title={t(k("confirmTitle"))}
        message={t(k("confirmMessage"))}
        confirmLabel={t(k("regenerate"))}
        cancelLabel={t("common.cancel")}
        onConfirm={() => regenerate.mutateAsync().catch(() => undefined)}
        onClose={() => setAsking(false)}
        testId="integration-secret-confirm"
      />
    </>
  );
}
