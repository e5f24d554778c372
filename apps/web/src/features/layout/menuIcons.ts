/** One icon per menu entry; imported one by one so only these icons are bundled. */
import type { SvgIconComponent } from "@mui/icons-material";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import AttachFileOutlined from "@mui/icons-material/AttachFileOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import ChecklistOutlined from "@mui/icons-material/ChecklistOutlined";
import CodeOutlined from "@mui/icons-material/CodeOutlined";
import ContactMailOutlined from "@mui/icons-material/ContactMailOutlined";
import ContactPhoneOutlined from "@mui/icons-material/ContactPhoneOutlined";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import DeviceHubOutlined from "@mui/icons-material/DeviceHubOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import FlashOnOutlined from "@mui/icons-material/FlashOnOutlined";
import ReportGmailerrorredOutlined from "@mui/icons-material/ReportGmailerrorredOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import LocalAtmOutlined from "@mui/icons-material/LocalAtmOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import PeopleOutlined from "@mui/icons-material/PeopleOutlined";
import QueueOutlined from "@mui/icons-material/QueueOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import ShapeLineOutlined from "@mui/icons-material/ShapeLineOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import SyncAltOutlined from "@mui/icons-material/SyncAltOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import type { GroupKey, MenuKey } from "./menu-rules";

export const menuIcons: Record<MenuKey | GroupKey, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  tickets: WhatsApp,
  kanban: ViewKanbanOutlined,
  quickMessages: FlashOnOutlined,
  tasks: ChecklistOutlined,
  contacts: ContactPhoneOutlined,
  schedules: EventOutlined,
  tags: LocalOfferOutlined,
  chats: ForumOutlined,
  helps: HelpOutlineOutlined,
  campaigns: CampaignOutlined,
  campaignsList: ListAltOutlined,
  contactLists: ContactMailOutlined,
  campaignsConfig: TuneOutlined,
  flows: AccountTreeOutlined,
  flowsCampaign: CampaignOutlined,
  flowsConversation: ShapeLineOutlined,
  annoucements: AnnouncementOutlined,
  inboundRejections: ReportGmailerrorredOutlined,
  prompts: SmartToyOutlined,
  queueIntegration: DeviceHubOutlined,
  connections: SyncAltOutlined,
  files: AttachFileOutlined,
  queues: QueueOutlined,
  users: PeopleOutlined,
  messagesAPI: CodeOutlined,
  financeiro: LocalAtmOutlined,
  settings: SettingsOutlined,
};
