import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";

type DeferredRegisterFormProps = { submitLabel: string };

let loaded: ComponentType<DeferredRegisterFormProps> | null = null;
let loading: Promise<ComponentType<DeferredRegisterFormProps>> | undefined;

/** Loads the form's code (form library, validation schemas) once; also used before prerendering. */
export function loadSignupForm(): Promise<ComponentType<DeferredRegisterFormProps>> {
  loading ??= Promise.all([
    import("./register-form.tsx"),
    import("../../../public-pages/query-scope.tsx"),
  ]).then(([{ RegisterForm }, { QueryScope }]) => {
    loaded = (props) => (
      <QueryScope>
        <RegisterForm {...props} />
      </QueryScope>
    );
    return loaded;
  });
  return loading;
}

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
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
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
 * The inline signup form, prerendered with the page but loaded only when it nears the screen or is asked
 * for, so the landing page's first load carries no form code. Until the form's code runs, its prerendered
 * fields are inert: a submission before then would put the fields in the URL.
 */
export function DeferredRegisterForm({ submitLabel }: DeferredRegisterFormProps) {
  const container = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(loaded !== null);
  // Prerendering loads the form first and renders it directly; hydration waits for it in a lazy boundary,
  // leaving the prerendered form on screen meanwhile.
  const [Form] = useState(
    () =>
      loaded ??
      lazy(async () => {
        await whenWanted(document.getElementById("signup-form"));
        return { default: await loadSignupForm() };
      }),
  );

  useEffect(() => {
    if (isReady) {
      markReady();
      return;
    }
    let isCurrent = true;
    void whenWanted(container.current)
      .then(loadSignupForm)
      .then(() => {
        if (isCurrent) setIsReady(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [isReady]);

  return (
    <div ref={container} inert={!isReady}>
      <Suspense fallback={null}>
        <Form submitLabel={submitLabel} />
      </Suspense>
    </div>
  );
}
