import { CreditCard, FileDown } from "lucide-react";
import { useEffect, useState } from "react";
import {
  errorOfAnswer,
  type PublicPageAnswer,
  type PublicPageProps,
} from "../../../../shared/public-page.ts";
import type { LiveInvoice, PublicInvoice } from "../../../../shared/schemas/invoices.ts";
import { api, describeError } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";

const usd = (dollars: number) => dollars.toLocaleString("en-US", { style: "currency", currency: "USD" });

type State =
  | { status: "loading" }
  | { status: "ready"; invoice: PublicInvoice }
  | { status: "failed"; message: string };

/** The token is the page's last path segment (`/i/<token>`). */
const tokenOfPath = (path: string) => path.split("/")[2] ?? "";

/** What the page shows for the answer the server rendered it with; loading when it has none. */
function stateOfAnswer(answer: PublicPageAnswer | undefined): State {
  if (!answer) return { status: "loading" };
  if (answer.status === 200) return { status: "ready", invoice: answer.body as PublicInvoice };
  return { status: "failed", message: errorOfAnswer(answer) ?? "Please try again." };
}

function Mark({ invoice }: { invoice: LiveInvoice }) {
  if (invoice.status === "paid")
    return (
      <span className="shrink-0 whitespace-nowrap rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success">
        Paid
      </span>
    );
  if (invoice.isOverdue)
    return (
      <span className="shrink-0 whitespace-nowrap rounded-full bg-destructive-soft px-3 py-1 text-sm font-semibold text-destructive">
        Overdue
      </span>
    );
  return null;
}

/** Where Checkout sent the payer back: `?payment=done` after paying, `?payment=canceled` otherwise. */
type CheckoutReturn = "done" | "canceled" | null;

function readCheckoutReturn(): CheckoutReturn {
  const value = new URLSearchParams(window.location.search).get("payment");
  return value === "done" || value === "canceled" ? value : null;
}

function CheckoutNotice({ returned, invoice }: { returned: CheckoutReturn; invoice: LiveInvoice }) {
  if (returned === "canceled")
    return (
      <p role="status" className="rounded-xl bg-muted p-4 text-sm">
        Payment cancelled: nothing was charged.
      </p>
    );
  if (returned !== "done") return null;
  return (
    <p role="status" className="rounded-xl bg-success-soft p-4 text-sm text-success">
      {invoice.status === "paid"
        ? "Thank you for your payment! This invoice is paid in full."
        : "Thank you for your payment! It shows here as soon as the card payment is confirmed, usually within a minute."}
    </p>
  );
}

/** "Pay by card": Stripe Checkout for the balance, on the speaker's own Stripe account. */
function PayByCard({ token }: { token: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const pay = () => {
    setState({ busy: true, error: null });
    api
      .post<{ url: string }>(`/api/public/invoices/${encodeURIComponent(token)}/checkout`)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => setState({ busy: false, error: describeError(error, "Please try again.") }));
  };
  return (
    <div className="grid gap-2">
      <button
        type="button"
        onClick={pay}
        disabled={state.busy}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary/90 disabled:opacity-60"
      >
        <CreditCard aria-hidden="true" className="size-4" />
        {state.busy ? "Opening the payment page…" : "Pay by card"}
      </button>
      {state.error && (
        <p role="alert" className="text-sm text-destructive">
          {state.error}
        </p>
      )}
    </div>
  );
}

/**
 * `/i/<token>`: the invoice for the person who pays it (issue 15), phone first: who it is from, the balance
 * due and by when, the lines, how to pay, and the PDF. Its own light bundle: no signed-in app code. The
 * server renders it with the invoice (decision 042); once running, the page reads it again through the
 * JSON call, which counts the visit (a link preview that fetches the HTML is not a visit).
 */
export default function PublicInvoicePage({ path, answer }: PublicPageProps) {
  const [state, setState] = useState<State>(() => stateOfAnswer(answer));
  const [returned, setReturned] = useState<CheckoutReturn>(null);
  const token = tokenOfPath(path);
  useEffect(() => {
    setReturned(readCheckoutReturn());
    // A link that is not valid stays so: nothing to count, nothing newer to read.
    if (answer && answer.status !== 200) return;
    api
      .get<PublicInvoice>(`/api/public/invoices/${encodeURIComponent(token)}`)
      .then((invoice) => {
        setState({ status: "ready", invoice });
        document.title = `Invoice ${invoice.number}`;
      })
      .catch((error: unknown) => {
        // The invoice the page was rendered with stays on screen.
        if (!answer) setState({ status: "failed", message: describeError(error, "Please try again.") });
      });
  }, [answer, token]);

  if (state.status !== "ready") {
    return (
      <main className="mx-auto grid min-h-dvh max-w-xl place-items-center p-6 text-center">
        <p role={state.status === "failed" ? "alert" : "status"} className="text-muted-foreground">
          {state.status === "failed" ? state.message : "Loading the invoice…"}
        </p>
      </main>
    );
  }
  const { invoice } = state;
  if (invoice.status === "void") {
    return (
      <main className="mx-auto grid min-h-dvh max-w-xl place-items-center p-6 text-center">
        <div className="grid gap-2">
          <h1 className="text-xl font-semibold">Invoice {invoice.number} is void</h1>
          <p className="text-muted-foreground">There is nothing to pay.</p>
        </div>
      </main>
    );
  }
  const sender = invoice.from.businessName ?? invoice.from.name ?? "Your speaker";
  const place = invoice.event
    ? [invoice.event.venueName, [invoice.event.city, invoice.event.state].filter(Boolean).join(", ")]
        .filter(Boolean)
        .join(" · ")
    : "";
  return (
    <main className="mx-auto grid max-w-xl gap-5 p-4 pb-12 sm:p-8">
      <CheckoutNotice returned={returned} invoice={invoice} />
      <header className="grid gap-1">
        {invoice.hasLogo && (
          <img
            src={`/api/public/invoices/${encodeURIComponent(token)}/logo`}
            alt={`${sender} logo`}
            className="mb-2 h-14 max-w-48 object-contain object-left"
          />
        )}
        <p className="text-lg font-semibold">{sender}</p>
        {invoice.from.businessName && invoice.from.name && (
          <p className="text-sm text-muted-foreground">{invoice.from.name}</p>
        )}
        {invoice.from.address && (
          <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.from.address}</p>
        )}
      </header>

      <section
        aria-labelledby="invoice-title"
        className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <div>
            <h1 id="invoice-title" className="text-xl font-semibold">
              Invoice {invoice.number}
            </h1>
            <p className="text-sm text-muted-foreground">
              Issued {formatShortDate(invoice.issueDate)}
              {invoice.billTo.name &&
                ` · to ${[invoice.billTo.name, invoice.billTo.company].filter(Boolean).join(", ")}`}
            </p>
          </div>
          <Mark invoice={invoice} />
        </div>
        <div className="rounded-xl bg-muted p-4">
          <p className="text-sm text-muted-foreground">Balance due</p>
          <p className="text-3xl font-bold">{usd(invoice.balanceDue)}</p>
          <p className="text-sm">Due {formatShortDate(invoice.dueDate)}</p>
        </div>
        {invoice.event && (
          <p className="text-sm">
            <span className="font-medium">{invoice.event.title}</span>
            <span className="text-muted-foreground">
              {" "}
              · {formatShortDate(invoice.event.date)}
              {place && ` · ${place}`}
            </span>
          </p>
        )}
        <ul className="grid gap-2 border-t border-border pt-3 text-sm">
          {invoice.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the public lines carry no id; their order is fixed
            <li key={index} className="flex justify-between gap-4">
              <span>
                {item.description}
                {item.quantity !== 1 && <span className="text-muted-foreground"> × {item.quantity}</span>}
              </span>
              <span className="shrink-0">{usd(item.amount)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 border-t border-border pt-3 text-sm">
          {invoice.tax > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Tax ({invoice.taxRate}%)</dt>
              <dd>{usd(invoice.tax)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Total</dt>
            <dd>{usd(invoice.total)}</dd>
          </div>
          {invoice.amountPaid > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Paid</dt>
              <dd>{usd(invoice.amountPaid)}</dd>
            </div>
          )}
        </dl>
        {invoice.canPayByCard && returned !== "done" && <PayByCard token={token} />}
        <a
          href={`/api/public/invoices/${encodeURIComponent(token)}/pdf`}
          download={`${invoice.number}.pdf`}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-md border border-border bg-card px-4 text-sm font-medium shadow-sm hover:bg-muted"
        >
          <FileDown aria-hidden="true" className="size-4" />
          Download PDF
        </a>
      </section>

      {invoice.paymentInstructions && (
        <section aria-labelledby="how-to-pay" className="grid gap-1">
          <h2 id="how-to-pay" className="font-semibold">
            How to pay
          </h2>
          <p className="text-sm whitespace-pre-line">{invoice.paymentInstructions}</p>
        </section>
      )}
      {invoice.notes && <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>}
      {(invoice.from.email || invoice.from.phone) && (
        <p className="text-sm text-muted-foreground">
          Questions? {[invoice.from.email, invoice.from.phone].filter(Boolean).join(" · ")}
        </p>
      )}
    </main>
  );
}
