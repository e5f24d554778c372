/** The route table of core-platform §2.1. Areas arrive with their issues. */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import type { PlanFlag } from "../features/layout/menu-rules";
import { PlanGate } from "../features/layout/PlanGate";
import { AreaPage } from "../features/placeholder/AreaPage";
import { Loading, PrivateRoute, PublicRoute } from "./guards";

const Login = lazy(() => import("../features/auth/LoginPage"));
const Signup = lazy(() => import("../features/auth/SignupPage"));
const ForgetPassword = lazy(() => import("../features/auth/ForgetPasswordPage"));
const MainLayout = lazy(() => import("../features/layout/MainLayout"));
const TagsPage = lazy(() => import("../features/tags/TagsPage"));
const ContactsPage = lazy(() => import("../features/contacts/ContactsPage"));
const QueuesPage = lazy(() => import("../features/queues/QueuesPage"));
const TodoListPage = lazy(() => import("../features/todo/TodoListPage"));
const UsersPage = lazy(() => import("../features/users/UsersPage"));

/**
 * Private areas: path, i18n key of the page title, the plan feature that gates it (core-platform §6),
 * and the area's lazy page (a placeholder until the area is built).
 */
const areas: { path: string; title: string; plan?: PlanFlag; page?: LazyExoticComponent<ComponentType> }[] = [
  { path: "/", title: "dashboard" },
  { path: "/tickets/:ticketId?", title: "tickets" },
  { path: "/connections", title: "connections" },
  { path: "/quick-messages", title: "quickMessages" },
  { path: "/todolist", title: "tasks", page: TodoListPage },
  { path: "/schedules", title: "schedules" },
  { path: "/tags", title: "tags", page: TagsPage },
  { path: "/contacts", title: "contacts", page: ContactsPage },
  { path: "/helps", title: "helps" },
  { path: "/users", title: "users", page: UsersPage },
  { path: "/files", title: "files" },
  { path: "/prompts", title: "prompts", plan: "useOpenAi" },
  { path: "/queue-integration", title: "queueIntegration", plan: "useIntegrations" },
  { path: "/messages-api", title: "messagesAPI", plan: "useExternalApi" },
  { path: "/settings", title: "settings" },
  { path: "/kanban", title: "kanban", plan: "useKanban" },
  { path: "/financeiro", title: "financeiro" },
  { path: "/queues", title: "queues", page: QueuesPage },
  { path: "/announcements", title: "annoucements" },
  { path: "/subscription", title: "subscription" },
  { path: "/chats/:id?", title: "chats" },
  { path: "/contact-lists", title: "contactLists", plan: "useCampaigns" },
  { path: "/contact-lists/:contactListId/contacts", title: "contactLists", plan: "useCampaigns" },
  { path: "/campaigns", title: "campaigns", plan: "useCampaigns" },
  { path: "/campaign/:campaignId/report", title: "campaigns", plan: "useCampaigns" },
  { path: "/campaigns-config", title: "campaignsConfig", plan: "useCampaigns" },
  { path: "/phrase-lists", title: "flowsCampaign" },
  { path: "/flowbuilders", title: "flowsConversation" },
  { path: "/flowbuilder/:id?", title: "flowsConversation" },
];

function areaElement(title: string, plan?: PlanFlag, Page?: LazyExoticComponent<ComponentType>) {
  const page = Page ? <Page /> : <AreaPage titleKey={`mainDrawer.listItems.${title}`} />;
  return plan ? <PlanGate flag={plan}>{page}</PlanGate> : page;
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
          {areas.map(({ path, title, plan, page }) => (
            <Route key={path} path={path} element={areaElement(title, plan, page)} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
