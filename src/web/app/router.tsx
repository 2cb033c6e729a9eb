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
 * Add a page: its address in src/shared/web-routes.ts (the server answers 404 for any other), then one line
 * below with lazyPage(() => import("...")).
 */
import { createBrowserRouter, Navigate } from "react-router";
import { WEB_ROUTES } from "../../shared/web-routes.ts";
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
      {
        path: WEB_ROUTES.landing,
        element: lazyPage(() => import("../features/landing/pages/landing-page.tsx")),
      },
      { path: WEB_ROUTES.join, element: lazyPage(() => import("../features/team/pages/join-page.tsx")) },
      {
        path: WEB_ROUTES.privacyPolicy,
        element: lazyPage(() => import("../features/legal/pages/privacy-policy-page.tsx")),
      },
      {
        path: WEB_ROUTES.termsConditions,
        element: lazyPage(() => import("../features/legal/pages/terms-conditions-page.tsx")),
      },
      // Answered by the server as their own prerendered page; here for `npm run dev` and in-app visits.
      ...[WEB_ROUTES.share, WEB_ROUTES.shared].map((path) => ({
        path,
        element: lazyPage(() => import("../features/share/pages/share-page.tsx")),
      })),
      {
        element: <PublicLayout />,
        children: [
          {
            path: WEB_ROUTES.authVerify,
            element: lazyPage(() => import("../features/auth/pages/auth-verify-page.tsx")),
          },
          ...[WEB_ROUTES.resetPassword, WEB_ROUTES.resetPasswordToken, WEB_ROUTES.resetPasswordAny].map(
            (path) => ({
              path,
              element: lazyPage(() => import("../features/auth/pages/reset-password-page.tsx")),
            }),
          ),
          {
            path: WEB_ROUTES.promoTest,
            element: lazyPage(() => import("../features/billing/pages/promo-test-page.tsx")),
          },
          {
            path: WEB_ROUTES.verifyEmail,
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
              { path: WEB_ROUTES.dashboardAlias, element: <Navigate to="/" replace /> },
              {
                path: WEB_ROUTES.events,
                element: lazyPage(() => import("../features/events/pages/events-page.tsx")),
              },
              {
                path: WEB_ROUTES.event,
                element: lazyPage(() => import("../features/events/pages/event-detail-page.tsx")),
              },
              {
                path: WEB_ROUTES.calendar,
                element: lazyPage(() => import("../features/calendar/pages/calendar-page.tsx")),
              },
              {
                path: WEB_ROUTES.contracts,
                element: lazyPage(() => import("../features/contracts/pages/contracts-page.tsx")),
              },
              {
                path: WEB_ROUTES.contract,
                element: lazyPage(() => import("../features/contracts/pages/contract-detail-page.tsx")),
              },
              {
                path: WEB_ROUTES.invoices,
                element: lazyPage(() => import("../features/invoices/pages/invoices-page.tsx")),
              },
              {
                path: WEB_ROUTES.invoice,
                element: lazyPage(() => import("../features/invoices/pages/invoice-detail-page.tsx")),
              },
              {
                path: WEB_ROUTES.expenses,
                element: lazyPage(() => import("../features/expenses/pages/expenses-page.tsx")),
              },
              {
                path: WEB_ROUTES.testimonials,
                element: lazyPage(() => import("../features/testimonials/pages/testimonials-page.tsx")),
              },
              {
                path: WEB_ROUTES.insights,
                element: lazyPage(() => import("../features/insights/pages/insights-page.tsx")),
              },
              {
                path: WEB_ROUTES.clients,
                element: lazyPage(() => import("../features/clients/pages/clients-page.tsx")),
              },
              {
                path: WEB_ROUTES.client,
                element: lazyPage(() => import("../features/clients/pages/client-detail-page.tsx")),
              },
              {
                path: WEB_ROUTES.profile,
                element: lazyPage(() => import("../features/profile/pages/profile-page.tsx")),
              },
              {
                path: WEB_ROUTES.accountSettings,
                element: lazyPage(
                  () => import("../features/account-settings/pages/account-settings-page.tsx"),
                ),
              },
              {
                path: WEB_ROUTES.tutorials,
                element: lazyPage(() => import("../features/tutorials/pages/tutorials-page.tsx")),
              },
              { path: WEB_ROUTES.faq, element: lazyPage(() => import("../features/faq/pages/faq-page.tsx")) },
              {
                path: WEB_ROUTES.feedback,
                element: lazyPage(() => import("../features/feedback/pages/feedback-page.tsx")),
              },
              {
                path: WEB_ROUTES.diagnostic,
                element: lazyPage(() => import("../features/diagnostic/pages/diagnostic-page.tsx")),
              },
              {
                path: WEB_ROUTES.subscribe,
                element: lazyPage(() => import("../features/billing/pages/subscribe-page.tsx")),
              },
              {
                element: <AdminRoute />,
                children: [
                  {
                    path: WEB_ROUTES.admin,
                    element: lazyPage(() => import("../features/admin/pages/admin-dashboard-page.tsx")),
                  },
                  {
                    path: WEB_ROUTES.adminAnnouncements,
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
