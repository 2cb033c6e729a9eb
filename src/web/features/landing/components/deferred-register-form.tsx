import { lazy, Suspense, useEffect, useRef, useState } from "react";

type DeferredRegisterFormProps = { submitLabel: string };

let formModule:
  | Promise<[typeof import("./register-form.tsx"), typeof import("../../../public-pages/query-scope.tsx")]>
  | undefined;
const loadForm = () => {
  formModule ??= Promise.all([
    import("./register-form.tsx"),
    import("../../../public-pages/query-scope.tsx"),
  ]);
  return formModule;
};

let requestNow: () => void = () => {};
const requested = new Promise<void>((resolve) => {
  requestNow = resolve;
});
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Loads the inline signup form at once (a Start My Free Trial button) and resolves once it can be used. */
export function signupFormReady(): Promise<void> {
  requestNow();
  return ready;
}

/** Resolves once the element nears the screen, the visitor points at it, or the form is asked for. */
function whenWanted(element: HTMLElement | null): Promise<void> {
  if (typeof window === "undefined" || !element || typeof IntersectionObserver === "undefined") {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      element.removeEventListener("pointerover", done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    element.addEventListener("pointerover", done, { once: true });
    void requested.then(done);
  });
}

/**
 * The inline signup form, prerendered with the page but loaded (form library, validation schemas) only
 * when it nears the screen or is asked for, so the landing page's first load carries no form code. Until
 * the form's code runs, its prerendered fields are inert: a submission before then would put the fields
 * in the URL.
 */
export function DeferredRegisterForm({ submitLabel }: DeferredRegisterFormProps) {
  const container = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [Form] = useState(() =>
    lazy(async () => {
      const section = typeof document === "undefined" ? null : document.getElementById("signup-form");
      await whenWanted(section);
      const [{ RegisterForm }, { QueryScope }] = await loadForm();
      return {
        default: (props: DeferredRegisterFormProps) => (
          <QueryScope>
            <RegisterForm {...props} />
          </QueryScope>
        ),
      };
    }),
  );

  useEffect(() => {
    let isCurrent = true;
    void whenWanted(container.current)
      .then(loadForm)
      .then(() => {
        if (isCurrent) setIsReady(true);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    if (isReady) markReady();
  }, [isReady]);

  return (
    <div ref={container} inert={!isReady}>
      <Suspense fallback={null}>
        <Form submitLabel={submitLabel} />
      </Suspense>
    </div>
  );
}
