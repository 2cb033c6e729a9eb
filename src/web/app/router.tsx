/*
 * Where things are in the web app (src/web):
 *   app/            router (this file), providers (app.tsx), guards/, layout/ (the signed-in shell), pages/
 *   components/ui/  our design system on Radix: Button (isLoading), Input, Textarea, Label, FormField,
 *                   Card, Dialog, ConfirmDialog (alert-dialog.tsx), Tabs, Badge, Spinner/LoadingScreen,
 *                   EmptyState, PageHeader, Toaster
 *   lib/            api.ts (the only fetch: api.get/post/put/patch/delete, ApiError, describeError),
 *                   toast.ts (toast({ title, description, variant, duration })), form-errors.ts
 *                   (showServerFieldErrors), idempotent-mutation.ts, local-storage.ts, format.ts, cn.ts
 *   features/auth/  api/ (useUser, useLogin, useRegister, useLogout, session check), components/
 *                   (PasswordStrengthMeter), pages/ (verify e-mail, reset password)
 *   features/<x>/   pages/<x>-page.tsx with a default export, lazy-loaded below; api/ and components/ beside.
 * Add a page: one line below with lazyPage(() => import("...")).
 */
import { createBrowserRouter, Navigate } from "react-router";
import { AdminRoute } from "./guards/admin-route.tsx";
import { ProtectedRoute } from "./guards/protected-route.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { PublicLayout } from "./layout/public-layout.tsx";
import { RootLayout } from "./layout/root-layout.tsx";
import { lazyPage } from "./lazy-page.tsx";
import { RouteErrorPage } from "./pages/route-error-page.tsx";

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: "/auth", element: lazyPage(() => import("../features/landing/pages/landing-page.tsx")) },
      { path: "/join/:token", element: lazyPage(() => import("../features/team/pages/join-page.tsx")) },
      {
        path: "/privacy-policy",
        element: lazyPage(() => import("../features/legal/pages/privacy-policy-page.tsx")),
      },
      {
        path: "/terms-conditions",
        element: lazyPage(() => import("../features/legal/pages/terms-conditions-page.tsx")),
      },
      // Answered by the server as their own prerendered page; here for `npm run dev` and in-app visits.
      ...["/share/:slug/:token", "/shared/:token"].map((path) => ({
        path,
        element: lazyPage(() => import("../features/share/pages/share-page.tsx")),
      })),
      {
        element: <PublicLayout />,
        children: [
          {
            path: "/auth-verify",
            element: lazyPage(() => import("../features/auth/pages/auth-verify-page.tsx")),
          },
          ...["/reset-password", "/reset-password/:token", "/reset-password/*"].map((path) => ({
            path,
            element: lazyPage(() => import("../features/auth/pages/reset-password-page.tsx")),
          })),
          {
            path: "/promo-test",
            element: lazyPage(() => import("../features/billing/pages/promo-test-page.tsx")),
          },
          {
            path: "/verify-email",
            element: lazyPage(() => import("../features/auth/pages/verify-email-page.tsx")),
          },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                index: true,
                element: lazyPage(() => import("../features/dashboard/pages/dashboard-page.tsx")),
              },
              { path: "/dashboard", element: <Navigate to="/" replace /> },
              {
                path: "/events",
                element: lazyPage(() => import("../features/events/pages/events-page.tsx")),
              },
              {
                path: "/events/:id",
                element: lazyPage(() => import("../features/events/pages/event-detail-page.tsx")),
              },
              {
                path: "/calendar",
                element: lazyPage(() => import("../features/calendar/pages/calendar-page.tsx")),
              },
              {
                path: "/contracts",
                element: lazyPage(() => import("../features/contracts/pages/contracts-page.tsx")),
              },
              {
                path: "/contracts/:id",
                element: lazyPage(() => import("../features/contracts/pages/contract-detail-page.tsx")),
              },
              {
                path: "/invoices",
                element: lazyPage(() => import("../features/invoices/pages/invoices-page.tsx")),
              },
              {
                path: "/invoices/:id",
                element: lazyPage(() => import("../features/invoices/pages/invoice-detail-page.tsx")),
              },
              {
                path: "/expenses",
                element: lazyPage(() => import("../features/expenses/pages/expenses-page.tsx")),
              },
              {
                path: "/testimonials",
                element: lazyPage(() => import("../features/testimonials/pages/testimonials-page.tsx")),
              },
              {
                path: "/insights",
                element: lazyPage(() => import("../features/insights/pages/insights-page.tsx")),
              },
              {
                path: "/clients",
                element: lazyPage(() => import("../features/clients/pages/clients-page.tsx")),
              },
              {
                path: "/clients/:id",
                element: lazyPage(() => import("../features/clients/pages/client-detail-page.tsx")),
              },
              {
                path: "/profile",
                element: lazyPage(() => import("../features/profile/pages/profile-page.tsx")),
              },
              {
                path: "/account-settings",
                element: lazyPage(
                  () => import("../features/account-settings/pages/account-settings-page.tsx"),
                ),
              },
              {
                path: "/tutorials",
                element: lazyPage(() => import("../features/tutorials/pages/tutorials-page.tsx")),
              },
              { path: "/faq", element: lazyPage(() => import("../features/faq/pages/faq-page.tsx")) },
              {
                path: "/feedback",
                element: lazyPage(() => import("../features/feedback/pages/feedback-page.tsx")),
              },
              {
                path: "/diagnostic",
                element: lazyPage(() => import("../features/diagnostic/pages/diagnostic-page.tsx")),
              },
              {
                path: "/subscribe",
                element: lazyPage(() => import("../features/billing/pages/subscribe-page.tsx")),
              },
              {
                element: <AdminRoute />,
                children: [
                  {
                    path: "/admin",
                    element: lazyPage(() => import("../features/admin/pages/admin-dashboard-page.tsx")),
                  },
                  {
                    path: "/admin/announcements",
                    element: lazyPage(() => import("../features/admin/pages/announcements-page.tsx")),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: lazyPage(() => import("./pages/not-found-page.tsx")) },
    ],
  },
]);
