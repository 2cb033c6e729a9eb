import type { LegalDocument } from "./legal-document.ts";

export const termsConditions: LegalDocument = {
  title: "Terms and Conditions",
  lastUpdated: "November 22, 2026",
  summary:
    "These terms are the agreement between you and Podium when you use the service. They are written to be read: in short, you must be 18 or older, your data stays yours, the trial is free for 30 days, and you can cancel anytime.",
  sections: [
    {
      id: "agreement",
      title: "Agreement",
      blocks: [
        'By creating an account or using Podium ("the service") you agree to these terms and to our Privacy Policy. If you do not agree, do not use the service.',
      ],
    },
    {
      id: "eligibility",
      title: "Who may use Podium",
      blocks: [
        "You must be at least 18 years old and able to enter into a binding contract. If you use Podium on behalf of a company, you confirm that you may accept these terms for it.",
      ],
    },
    {
      id: "account",
      title: "Your account",
      blocks: [
        [
          "Give a real e-mail address and keep it current; we use it to verify your account and to help you recover it.",
          "Keep your password to yourself. You are responsible for what happens under your account until you tell us it has been misused.",
          "One account is for one person. Do not share it or sign in to someone else's.",
        ],
      ],
    },
    {
      id: "subscription",
      title: "Free trial, subscription and cancellation",
      blocks: [
        [
          "Every new account starts with a 30-day free trial. No credit card is needed to start it.",
          "There is no automatic billing after the trial. When the trial ends, you choose whether to subscribe; nothing is charged unless you do.",
          "The subscription costs $21 per month, billed monthly in advance by our card payment provider. Prices exclude any taxes that apply where you live.",
          "You can cancel anytime from the billing portal. Cancelling stops future charges; payments already made are not refunded except where the law requires it.",
          "If the trial ends without a subscription, a payment fails or the subscription ends, your account is paused: you can still export your data or delete your account, and you can subscribe again to pick up where you left off.",
          "We will give you at least 30 days' notice by e-mail before any price change, and a new price applies only from your next billing period.",
        ],
      ],
    },
    {
      id: "your-content",
      title: "Your content",
      blocks: [
        "Everything you put into Podium (events, client and bureau details, profile, contracts, invoices and files) remains yours. You give us only the permission we need to store it, show it to you, and share it with the people you choose through share links, contracts and invoices.",
        "You are responsible for having the right to store the information you enter, including the contact details of your clients and planners, and for using it lawfully.",
        "You can export all of your data from Account Settings at any time, and delete your account and all of its data there.",
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        "Do not use Podium to:",
        [
          "break the law or infringe anyone's rights;",
          "upload malware or content you have no right to share;",
          "send spam or unsolicited messages through share links, contracts or invoices;",
          "probe, overload or get around the security of the service, or reach data that is not yours;",
          "resell the service or copy it to build a competing product.",
        ],
        "We may suspend an account that breaks these rules. Where we can, we will tell you why first and give you a chance to fix it.",
      ],
    },
    {
      id: "contracts-invoices",
      title: "Contracts and invoices",
      blocks: [
        "Podium helps you prepare contracts and invoices from your own details. It is not a law firm or an accountant, and nothing in the service is legal, tax or financial advice. You are responsible for the content of the documents you send and for checking them before you do.",
      ],
    },
    {
      id: "availability",
      title: "Availability and changes",
      blocks: [
        "We work to keep Podium available and your data safe, but the service is provided as it is and may occasionally be unavailable for maintenance or for reasons outside our control. We may improve or change features; if we remove a feature you rely on, we will tell you in advance.",
      ],
    },
    {
      id: "liability",
      title: "Liability",
      blocks: [
        "To the extent the law allows, Podium is not liable for indirect or consequential losses such as lost bookings or lost profits, and our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits liability that cannot be limited by law.",
      ],
    },
    {
      id: "ending",
      title: "Ending the agreement",
      blocks: [
        "You may stop using Podium and delete your account at any time from Account Settings. We may end these terms if you seriously or repeatedly break them; unless the law or safety prevents it, we will give you notice and time to export your data first.",
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        "When we change these terms we update the date at the top of this page, and for important changes we tell you by e-mail at least 30 days before they apply. If you keep using Podium after that, the new terms apply; if you do not accept them, you can cancel and delete your account.",
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: ["Questions about these terms: use the Contact Us button at the bottom of any Podium page."],
    },
  ],
};
