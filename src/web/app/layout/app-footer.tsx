import { Link } from "react-router";
import { Copyright } from "../../components/copyright.tsx";
import { ContactUsButton } from "../../features/contact/components/contact-us-button.tsx";

const linkClasses = "rounded-sm text-muted-foreground hover:text-foreground hover:underline";

/** Spec §2's footer of the signed-in area. */
export function AppFooter() {
  return (
    <footer className="border-t border-border bg-card px-4 py-5 text-sm sm:px-6 lg:px-8">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p className="font-medium text-foreground">For Speakers, by Speakers</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link to="/privacy-policy" className={linkClasses}>
            Privacy Policy
          </Link>
          <Link to="/terms-conditions" className={linkClasses}>
            Terms &amp; Conditions
          </Link>
          <ContactUsButton className={linkClasses} />
        </div>
        <p className="text-muted-foreground">
          <Copyright />. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
