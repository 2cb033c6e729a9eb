import { type ComponentProps, lazy, Suspense, useState } from "react";

// The dialog and its form load when the button is first pressed, not with the page.
const ContactDialog = lazy(async () => {
  const [{ ContactDialog: Dialog }, { QueryScope }] = await Promise.all([
    import("./contact-dialog.tsx"),
    import("../../../public-pages/query-scope.tsx"),
  ]);
  return {
    default: (props: ComponentProps<typeof Dialog>) => (
      <QueryScope>
        <Dialog {...props} />
      </QueryScope>
    ),
  };
});

/** The footers' Contact Us button: opens the Contact Us dialog, loading its code on the first press. */
export function ContactUsButton({ className }: { className: string }) {
  const [isRequested, setIsRequested] = useState(false);
  const button = (
    <button
      type="button"
      className={className}
      onClick={isRequested ? undefined : () => setIsRequested(true)}
    >
      Contact Us
    </button>
  );
  if (!isRequested) return button;
  return (
    <Suspense fallback={button}>
      <ContactDialog trigger={button} defaultOpen />
    </Suspense>
  );
}
