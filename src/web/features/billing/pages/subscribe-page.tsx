import { CreditCard } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function SubscribePage() {
  return (
    <PageIntro
      title="Subscription"
      icon={CreditCard}
      description={
        <p>
          Your Podium plan: a 30-day free trial with no credit card, then 21 dollars a month, cancel anytime.
          Manage your subscription and payment details here.
        </p>
      }
    />
  );
}
