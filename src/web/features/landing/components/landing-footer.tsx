import { Copyright } from "../../../components/copyright.tsx";
import { ContactUsButton } from "../../contact/components/contact-us-button.tsx";
import { BrandMark } from "./brand-mark.tsx";

const linkClasses = "text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline";

export function LandingFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <BrandMark tone="light" />
          <p className="mt-3 text-sm">For Speakers, by Speakers</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <li>
              <a href="/privacy-policy" className={linkClasses}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="/terms-conditions" className={linkClasses}>
                Terms and Conditions
              </a>
            </li>
            <li>
              <ContactUsButton className={linkClasses} />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          <Copyright />. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
