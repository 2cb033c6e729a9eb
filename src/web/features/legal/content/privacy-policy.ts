import type { LegalDocument } from "./legal-document.ts";

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: "November 22, 2026",
  summary:
    "Podium keeps the business records of professional speakers. This policy explains what we store, where it is kept, who else handles it, and how you can take it with you or delete it.",
  sections: [
    {
      id: "who-we-are",
      title: "Who we are",
      blocks: [
        'Podium ("we", "us") is a web application that helps professional speakers manage their events, clients, bureau partners, contracts, invoices and media kit. This policy covers the Podium website and application and every e-mail we send from them.',
        "Podium is for adults. You must be at least 18 years old to create an account, and we do not knowingly collect information about anyone younger.",
      ],
    },
    {
      id: "what-we-store",
      title: "What we store",
      blocks: [
        "We store only what the service needs to work:",
        [
          "Account details: your username, your e-mail address, whether the address is verified, and your password as a one-way argon2id hash. We never store or see the password itself.",
          "Your speaker profile: name, title, business name, phone, e-mail, website, address, bio and annual income goal, as far as you fill them in.",
          "Your business records: events (dates, venues, fees, travel fees, attendees, contacts and notes), clients, bureau partners, expenses, invoices, contracts, follow-ups and the files you upload.",
          "Messages you send us through Contact Us or Feedback.",
          "Technical records that keep your account safe: your active sign-in sessions with the IP address and browser they came from, counts of recent sign-in and recovery attempts used to block password guessing, and a copy of each e-mail we send you until it is delivered.",
        ],
        "We do not buy data about you, and we do not sell, rent or share your data for advertising.",
      ],
    },
    {
      id: "how-we-use-it",
      title: "How we use it",
      blocks: [
        [
          "To provide the service: showing your records, generating contracts and invoices, creating share links that you choose to send, and computing your dashboard and insights.",
          "To send the e-mails the service needs: address verification, password resets, username recovery and replies to your messages.",
          "To keep the service secure: detecting repeated failed sign-ins, ending sessions, and investigating abuse.",
          "To manage your subscription through our payment provider.",
        ],
        "We do not use your records to train models, and nobody at Podium reads them except when you ask us for help with a specific problem or when the law requires it.",
      ],
    },
    {
      id: "where-it-is-kept",
      title: "Where your data is kept",
      blocks: [
        "Your account and business records are kept in a PostgreSQL database. Files you upload, such as contracts and media kit materials, are kept in cloud storage. Both are reached only by the Podium application over encrypted connections.",
        "Share links show only the media kit or resources you chose to share, to whoever holds the link. You can stop sharing at any time.",
      ],
    },
    {
      id: "payments",
      title: "Payments",
      blocks: [
        "Payments are handled by a card payment provider. You enter your card details on the provider's own pages; the provider stores them and processes each charge. Podium never receives or stores your full card number. We keep only what we need to know about your subscription: whether it is active, its status and the provider's reference for your customer record.",
      ],
    },
    {
      id: "email",
      title: "E-mail",
      blocks: [
        "We send e-mail only about your account and the service: verifying your address, resetting your password, recovering your username and answering your messages. We do not send marketing e-mail unless you ask for it.",
        "Recovery e-mails never reveal whether an address has an account: the answer on screen is the same either way.",
      ],
    },
    {
      id: "cookies",
      title: "Cookies and local storage",
      blocks: [
        "Podium uses exactly two cookies, both strictly necessary:",
        [
          "A session cookie that keeps you signed in. It cannot be read by scripts on the page and is deleted when you sign out or the session ends.",
          "A CSRF cookie that protects your account from forged requests sent by other websites.",
        ],
        "Your browser's local storage also remembers two small preferences: that you have seen the welcome dialog, and that you acknowledged the data-storage notice. We use no analytics, advertising or tracking cookies and no third-party trackers, so there is nothing to opt out of.",
      ],
    },
    {
      id: "your-rights",
      title: "Export and deletion",
      blocks: [
        "Your data is yours. From Account Settings you can:",
        [
          "Export all of your events, clients, bureau partners and profile as an Excel workbook, or as a complete backup, at any time and as often as you like.",
          "Change your e-mail address and password.",
          "Delete your account. Deletion is permanent: your account, your profile, every record you created and every file you uploaded are removed.",
        ],
        "You can also ask us through Contact Us to access, correct or delete your information, and we will answer within 30 days.",
      ],
    },
    {
      id: "retention",
      title: "How long we keep it",
      blocks: [
        "We keep your account and records for as long as your account exists, so they are there when you come back. When you delete your account they are removed from the live database and file storage at once; copies in backups disappear as those backups are replaced.",
        "Sign-in sessions expire on their own. Verification links expire after 24 hours and password reset links after 1 hour, and each can be used only once. Counts of sign-in attempts are kept only for the short windows used to block password guessing.",
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        "Connections to Podium are encrypted. Passwords are stored only as argon2id hashes, session identifiers are random and stored only as hashes, every request that changes data carries a CSRF token, and repeated failed sign-ins are blocked for a while. Every record is tied to its owner, and the application checks that owner on every read and write.",
        "No system is perfectly secure. If we learn of a breach that affects your data, we will tell you by e-mail without undue delay.",
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        "When we change this policy we update the date at the top of this page. If a change affects how we use data you have already given us, we will tell you by e-mail before it takes effect.",
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        "Questions about privacy or requests about your data: use the Contact Us button at the bottom of any Podium page. We read every message.",
      ],
    },
  ],
};
