/** Each block's icon and colour, shared by the add menu and the cards. */
import type { SvgIconComponent } from "@mui/icons-material";
import AccessAlarm from "@mui/icons-material/AccessAlarm";
import AltRoute from "@mui/icons-material/AltRoute";
import CallSplit from "@mui/icons-material/CallSplit";
import ConfirmationNumber from "@mui/icons-material/ConfirmationNumber";
import DynamicFeed from "@mui/icons-material/DynamicFeed";
import HelpOutline from "@mui/icons-material/HelpOutlineOutlined";
import Image from "@mui/icons-material/Image";
import LibraryBooks from "@mui/icons-material/LibraryBooks";
import Message from "@mui/icons-material/Message";
import MicNone from "@mui/icons-material/MicNone";
import Psychology from "@mui/icons-material/Psychology";
import RocketLaunch from "@mui/icons-material/RocketLaunch";
import SmartToy from "@mui/icons-material/SmartToy";
import Videocam from "@mui/icons-material/Videocam";
import type { FlowNodeType } from "@balcao/contracts";

export const nodeLooks: Record<FlowNodeType, { icon: SvgIconComponent; color: string }> = {
  start: { icon: RocketLaunch, color: "#3ABA38" },
  message: { icon: Message, color: "#6865A5" },
  menu: { icon: DynamicFeed, color: "#683AC8" },
  interval: { icon: AccessAlarm, color: "#F7953B" },
  img: { icon: Image, color: "#6865A5" },
  audio: { icon: MicNone, color: "#6865A5" },
  video: { icon: Videocam, color: "#6865A5" },
  randomizer: { icon: CallSplit, color: "#1FBADC" },
  singleBlock: { icon: LibraryBooks, color: "#EC5858" },
  ticket: { icon: ConfirmationNumber, color: "#F7953B" },
  typebot: { icon: SmartToy, color: "#3aba38" },
  openai: { icon: Psychology, color: "#10A37F" },
  question: { icon: HelpOutline, color: "#F7953B" },
  condition: { icon: AltRoute, color: "#D6336C" },
};
