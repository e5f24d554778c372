/** The eye at the end of a secret's field (a password, an API key): shows or hides what was typed. */
import { IconButton, InputAdornment } from "@mui/material";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";

interface Props {
  shown: boolean;
  onToggle: () => void;
  /** What the button does now ("Show key" / "Hide key"), already translated. */
  label: string;
  testId?: string;
}

export function VisibilityToggle({ shown, onToggle, label, testId }: Props) {
  return (
    <InputAdornment position="end">
      <IconButton edge="end" onClick={onToggle} aria-label={label} title={label} data-testid={testId}>
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
}
