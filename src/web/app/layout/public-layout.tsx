import { Outlet } from "react-router";
import { CenteredPage } from "./centered-page.tsx";

/** The frame of the e-mailed-link pages (reset password, verify e-mail). */
export function PublicLayout() {
  return (
    <CenteredPage>
      <Outlet />
    </CenteredPage>
  );
}
