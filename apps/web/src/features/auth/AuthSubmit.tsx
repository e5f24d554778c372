/**
 * The end of an access form: the last try's error (and what the person may do
 * about it: an expired company's way to pay), the submit button, and
 * optionally a link below it (login ⇄ sign-up).
 */
import type { ReactNode } from "react";
import { Button, Link, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { AuthError } from "./AuthFrame";

interface Props {
  label: string;
  testId: string;
  submitting: boolean;
  /** The error line's text; null hides it. */
  failure: string | null;
  failureTitle?: string;
  link?: { to: string; label: string };
  /** Shown under the error. */
  remedy?: ReactNode;
}

export function AuthSubmit({ label, testId, submitting, failure, failureTitle, link, remedy }: Props) {
  return (
    <>
      <AuthError title={failureTitle} message={failure} />
      {remedy}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={submitting}
        data-testid={testId}
        sx={{ mt: 2, mb: link ? 2 : 0 }}
      >
        {label}
      </Button>
      {link && (
        <Stack sx={{ alignItems: "center" }}>
          <Link component={RouterLink} to={link.to} variant="body2" underline="hover">
            {link.label}
          </Link>
        </Stack>
      )}
    </>
  );
}
