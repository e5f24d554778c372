/** The route table of core-platform §2.1. Areas arrive with their issues. */
import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { AreaPage } from "../features/placeholder/AreaPage";
import { Loading, PrivateRoute, PublicRoute } from "./guards";

const Login = lazy(() => import("../features/auth/LoginPage"));
const Signup = lazy(() => import("../features/auth/SignupPage"));
const ForgetPassword = lazy(() => import("../features/auth/ForgetPasswordPage"));
const MainLayout = lazy(() => import("../features/layout/MainLayout"));

/** Private areas: path → i18n key of the page title. */
const areas: [string, string][] = [
  ["/", "mainDrawer.listItems.dashboard"],
  ["/tickets/:ticketId?", "mainDrawer.listItems.tickets"],
  ["/connections", "mainDrawer.listItems.connections"],
  ["/quick-messages", "mainDrawer.listItems.quickMessages"],
  ["/todolist", "mainDrawer.listItems.tasks"],
  ["/schedules", "mainDrawer.listItems.schedules"],
  ["/tags", "mainDrawer.listItems.tags"],
  ["/contacts", "mainDrawer.listItems.contacts"],
  ["/helps", "mainDrawer.listItems.helps"],
  ["/users", "mainDrawer.listItems.users"],
  ["/files", "mainDrawer.listItems.files"],
  ["/prompts", "mainDrawer.listItems.prompts"],
  ["/queue-integration", "mainDrawer.listItems.queueIntegration"],
  ["/messages-api", "mainDrawer.listItems.messagesAPI"],
  ["/settings", "mainDrawer.listItems.settings"],
  ["/kanban", "mainDrawer.listItems.kanban"],
  ["/financeiro", "mainDrawer.listItems.financeiro"],
  ["/queues", "mainDrawer.listItems.queues"],
  ["/announcements", "mainDrawer.listItems.annoucements"],
  ["/subscription", "mainDrawer.listItems.subscription"],
  ["/chats/:id?", "mainDrawer.listItems.chats"],
  ["/contact-lists", "mainDrawer.listItems.contactLists"],
  ["/contact-lists/:contactListId/contacts", "mainDrawer.listItems.contactLists"],
  ["/campaigns", "mainDrawer.listItems.campaigns"],
  ["/campaign/:campaignId/report", "mainDrawer.listItems.campaigns"],
  ["/campaigns-config", "mainDrawer.listItems.campaignsConfig"],
  ["/phrase-lists", "mainDrawer.listItems.flowsCampaign"],
  ["/flowbuilders", "mainDrawer.listItems.flowsConversation"],
  ["/flowbuilder/:id?", "mainDrawer.listItems.flowsConversation"],
];

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
          {areas.map(([path, titleKey]) => (
            <Route key={path} path={path} element={<AreaPage titleKey={titleKey} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
