/** The route table of core-platform §2.1. Areas arrive with their issues. */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { planFlagForPage } from "@balcao/contracts";
import { PlanGate } from "../features/layout/PlanGate";
import { Loading, PrivateRoute, PublicRoute, SuperRoute } from "./guards";

const Login = lazy(() => import("../features/auth/LoginPage"));
const Signup = lazy(() => import("../features/auth/SignupPage"));
const ForgetPassword = lazy(() => import("../features/auth/ForgetPasswordPage"));
const MainLayout = lazy(() => import("../features/layout/MainLayout"));
const TagsPage = lazy(() => import("../features/tags/TagsPage"));
const ContactsPage = lazy(() => import("../features/contacts/ContactsPage"));
const QueuesPage = lazy(() => import("../features/queues/QueuesPage"));
const TodoListPage = lazy(() => import("../features/todo/TodoListPage"));
const SettingsPage = lazy(() => import("../features/settings/SettingsPage"));
const HelpsPage = lazy(() => import("../features/helps/HelpsPage"));
const SubscriptionPage = lazy(() => import("../features/subscription/SubscriptionPage"));
const UsersPage = lazy(() => import("../features/users/UsersPage"));
const AnnouncementsPage = lazy(() => import("../features/announcements/AnnouncementsPage"));
const TicketsPage = lazy(() => import("../features/tickets/TicketsPage"));
const ConnectionsPage = lazy(() => import("../features/connections/ConnectionsPage"));
const QuickMessagesPage = lazy(() => import("../features/quick-messages/QuickMessagesPage"));
const MessagesApiPage = lazy(() => import("../features/messages-api/MessagesApiPage"));
const InboundRejectionsPage = lazy(() => import("../features/inbound-rejections/InboundRejectionsPage"));
const DashboardPage = lazy(() => import("../features/dashboard/DashboardPage"));
const SchedulesPage = lazy(() => import("../features/schedules/SchedulesPage"));
const FilesPage = lazy(() => import("../features/files/FilesPage"));
const CampaignSettingsPage = lazy(() => import("../features/campaign-settings/CampaignSettingsPage"));
const ContactListsPage = lazy(() => import("../features/contact-lists/ContactListsPage"));
const ContactListItemsPage = lazy(() => import("../features/contact-lists/ContactListItemsPage"));
const CampaignsPage = lazy(() => import("../features/campaigns/CampaignsPage"));
const CampaignReportPage = lazy(() => import("../features/campaigns/CampaignReportPage"));
const ChatsPage = lazy(() => import("../features/chats/ChatsPage"));
const KanbanPage = lazy(() => import("../features/kanban/KanbanPage"));
const FinanceiroPage = lazy(() => import("../features/financeiro/FinanceiroPage"));
const PromptsPage = lazy(() => import("../features/prompts/PromptsPage"));
const QueueIntegrationsPage = lazy(() => import("../features/queue-integrations/QueueIntegrationsPage"));
const FlowBuilderPage = lazy(() => import("../features/flowbuilder/FlowBuilderPage"));
const PhraseCampaignsPage = lazy(() => import("../features/phrase-campaigns/PhraseCampaignsPage"));
const FlowsPage = lazy(() => import("../features/flows/FlowsPage"));

/**
 * Private areas: path and the area's lazy page (its title is also its side
 * menu entry's label: features/layout/menu-rules.ts). The plan feature gating a page
 * (core-platform §6) comes from the contracts' planFeatures; `denied` is the
 * page's own refusal toast, where the spec names one; a `superOnly` page is
 * for super users, and anyone else is sent to /.
 */
interface Area {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  denied?: string;
  superOnly?: boolean;
}
const areas: Area[] = [
  { path: "/", page: DashboardPage },
  { path: "/tickets/:ticketId?", page: TicketsPage },
  { path: "/connections", page: ConnectionsPage },
  { path: "/quick-messages", page: QuickMessagesPage },
  { path: "/todolist", page: TodoListPage },
  { path: "/schedules", page: SchedulesPage },
  { path: "/tags", page: TagsPage },
  { path: "/contacts", page: ContactsPage },
  { path: "/helps", page: HelpsPage },
  { path: "/users", page: UsersPage },
  { path: "/files", page: FilesPage },
  { path: "/prompts", page: PromptsPage },
  { path: "/queue-integration", page: QueueIntegrationsPage },
  { path: "/messages-api", page: MessagesApiPage, denied: "messagesAPI.toasts.unauthorized" },
  { path: "/settings", page: SettingsPage },
  { path: "/kanban", page: KanbanPage },
  { path: "/financeiro", page: FinanceiroPage },
  { path: "/queues", page: QueuesPage },
  { path: "/announcements", page: AnnouncementsPage },
  { path: "/inbound-rejections", page: InboundRejectionsPage, superOnly: true },
  { path: "/subscription", page: SubscriptionPage },
  { path: "/chats/:id?", page: ChatsPage },
  { path: "/contact-lists", page: ContactListsPage },
  { path: "/contact-lists/:contactListId/contacts", page: ContactListItemsPage },
  { path: "/campaigns", page: CampaignsPage },
  { path: "/campaign/:campaignId/report", page: CampaignReportPage },
  { path: "/campaigns-config", page: CampaignSettingsPage },
  { path: "/phrase-lists", page: PhraseCampaignsPage },
  { path: "/flowbuilders", page: FlowsPage },
  { path: "/flowbuilder/:id?", page: FlowBuilderPage },
];

function areaElement({ path, page: Page, denied, superOnly }: Area) {
  const page = superOnly ? (
    <SuperRoute>
      <Page />
    </SuperRoute>
  ) : (
    <Page />
  );
  const plan = planFlagForPage(path);
  return plan ? (
    <PlanGate flag={plan} deniedKey={denied}>
      {page}
    </PlanGate>
  ) : (
    page
  );
}

const pub = (el: ReactNode) => <PublicRoute>{el}</PublicRoute>;

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={pub(<Login />)} />
        <Route path="/signup" element={pub(<Signup />)} />
        <Route path="/forgetpsw" element={pub(<ForgetPassword />)} />
        <Route
          element={
            <PrivateRoute>
              <MainLayout />
            </PrivateRoute>
          }
        >
          {areas.map((area) => (
            <Route key={area.path} path={area.path} element={areaElement(area)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
