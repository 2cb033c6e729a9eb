import { Button, type ButtonProps } from "../../../components/ui/button.tsx";

/**
 * A submit button for forms that validate on blur. It leaves the focus in the field on mouse down: a blur
 * there would validate, make messages appear or vanish above the button, move it, and lose the click.
 * Submitting validates every field anyway.
 */
export function SubmitButton(props: Omit<ButtonProps, "type" | "onMouseDown">) {
  return <Button type="submit" onMouseDown={(event) => event.preventDefault()} {...props} />;
}
