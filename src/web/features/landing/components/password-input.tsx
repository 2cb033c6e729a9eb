import { Eye, EyeOff } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Input } from "../../../components/ui/input.tsx";

/**
 * A password input with a show/hide toggle. Every prop (including the id and aria attributes FormField
 * adds, and react-hook-form's ref) goes to the input itself.
 */
export function PasswordInput(props: Omit<ComponentProps<"input">, "type">) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        // Keeps focus (and the caret) in the input instead of blurring it, which would validate early.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? "Hide password" : "Show password"}
        aria-pressed={isVisible}
        className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-md text-muted-foreground hover:text-foreground"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
