import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { cn } from "../../../lib/cn.ts";

export type SignatureDraft = {
  typedName: string;
  signatureImage: string | null;
  mode: "draw" | "type";
  isEmpty: boolean;
};

const tabClasses = (active: boolean) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm font-medium",
    active ? "bg-primary text-primary-foreground" : "bg-muted text-secondary-foreground",
  );

/**
 * The full name and a signature: drawn with a finger or mouse (signature_pad), or the typed name used as
 * the signature. Reports a PNG data URL of the drawing; the server draws it (or the name) into the PDF.
 */
export function SignatureInput({
  onChange,
  idPrefix,
}: {
  onChange: (value: SignatureDraft) => void;
  idPrefix: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [mode, setMode] = useState<"draw" | "type">("draw");
  const [typedName, setTypedName] = useState("");
  const [image, setImage] = useState<string | null>(null);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    report.current({
      typedName,
      mode,
      signatureImage: mode === "draw" ? image : null,
      isEmpty: mode === "draw" ? !image : !typedName.trim(),
    });
  }, [typedName, mode, image]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== "draw" || !canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext("2d")?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: "#1e1b4b", minWidth: 0.8, maxWidth: 2.4 });
    pad.addEventListener("endStroke", () => setImage(pad.isEmpty() ? null : pad.toDataURL("image/png")));
    padRef.current = pad;
    setImage(null);
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [mode]);

  const clear = () => {
    padRef.current?.clear();
    setImage(null);
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={`${idPrefix}-name`} className="text-sm font-medium">
          Full name
        </label>
        <input
          id={`${idPrefix}-name`}
          value={typedName}
          onChange={(event) => setTypedName(event.target.value)}
          autoComplete="name"
          maxLength={200}
          className="h-11 rounded-md border border-input bg-background px-3 text-base"
        />
      </div>
      <fieldset className="flex gap-2">
        <legend className="sr-only">How to sign</legend>
        <button
          type="button"
          className={tabClasses(mode === "draw")}
          aria-pressed={mode === "draw"}
          onClick={() => setMode("draw")}
        >
          Draw
        </button>
        <button
          type="button"
          className={tabClasses(mode === "type")}
          aria-pressed={mode === "type"}
          onClick={() => setMode("type")}
        >
          Use my typed name
        </button>
      </fieldset>
      {mode === "draw" ? (
        <div className="grid gap-1">
          <canvas
            ref={canvasRef}
            aria-label="Draw your signature here"
            data-testid="signature-canvas"
            className="h-40 w-full touch-none rounded-md border border-dashed border-input bg-white"
          />
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>Sign with your finger or mouse.</span>
            <button type="button" onClick={clear} className="font-medium text-primary underline">
              Clear
            </button>
          </div>
        </div>
      ) : (
        <p className="flex h-20 items-center rounded-md border border-input bg-white px-4 font-serif text-3xl italic">
          {typedName.trim() || (
            <span className="text-base text-muted-foreground not-italic">Your typed name appears here</span>
          )}
        </p>
      )}
    </div>
  );
}
