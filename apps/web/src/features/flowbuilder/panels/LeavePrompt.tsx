/**
 * The prompt before leaving a flow with unsaved changes (issue 18 item 2): in-app
 * navigation waits on react-router's blocker, closing or reloading the tab on the
 * browser's own beforeunload question.
 */
import { useEffect } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useBlocker } from "react-router";
import { useTranslation } from "react-i18next";

export function LeavePrompt({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} data-testid="flow-leave-prompt">
      <DialogTitle>{t("flowBuilder.leave.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("flowBuilder.leave.body")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} data-testid="flow-leave-stay">
          {t("flowBuilder.leave.stay")}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()} data-testid="flow-leave-confirm">
          {t("flowBuilder.leave.leave")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
