import { Building2, Check, Plus } from "lucide-react";
import { type ComponentProps, type KeyboardEvent, useId, useRef, useState } from "react";
import { fieldClasses } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { moveHighlight, useScrollIntoView } from "../../../lib/listbox.ts";
import { useRecordSuggestions } from "../api/list-records.ts";
import { describeRecord, RECORD_KINDS, type RecordKind } from "../api/record-kinds.ts";

/** An existing record (id and name), or a name to create (id null); blank name and null id mean none. */
/** The chosen record (id null: a new name); `detail` is a client's company or a partner's contact person. */
export type RecordLink = { id: string | null; name: string; detail?: string | null };

type RecordComboboxProps = Omit<ComponentProps<"input">, "value" | "onChange"> & {
  kind: RecordKind;
  /** The name shown when the form opens (the linked record's, when editing). */
  initialName: string;
  onLinkChange: (link: RecordLink) => void;
};

type Option = { key: string; id: string | null; name: string; detail: string | null };

/**
 * Type-ahead over the speaker's clients or bureau partners (ARIA combobox): arrows move, Enter picks,
 * Escape closes the list. Typing a name that is not in the list offers to create it when the form is saved.
 */
export function RecordCombobox({
  kind,
  initialName,
  onLinkChange,
  onBlur,
  ...inputProps
}: RecordComboboxProps) {
  const [text, setText] = useState(initialName);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);
  const listboxId = useId();
  const { data } = useRecordSuggestions(kind, text);
  const info = RECORD_KINDS[kind];

  const typed = text.trim();
  const suggestions = data?.items ?? [];
  const hasExactMatch = suggestions.some((record) => record.name.toLowerCase() === typed.toLowerCase());
  const options: Option[] = [
    ...suggestions.map((record) => ({
      key: record.id,
      id: record.id,
      name: record.name,
      detail: describeRecord(record),
    })),
    ...(typed && !hasExactMatch ? [{ key: "new", id: null, name: typed, detail: null }] : []),
  ];
  const active = isOpen ? (options[activeIndex] ?? null) : null;
  const activeOptionId = active ? `${listboxId}-${active.key}` : null;
  useScrollIntoView(activeOptionId);

  const choose = (option: Option) => {
    setText(option.name);
    setIsOpen(false);
    onLinkChange({ id: option.id, name: option.name, detail: option.detail });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setIsOpen(true);
      if (options.length === 0) return;
      const key = event.key;
      setActiveIndex((index) => moveHighlight(index, key, options.length));
    } else if (event.key === "Enter" && active) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape" && isOpen) {
      setIsOpen(false);
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <input
        {...inputProps}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen && options.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={activeOptionId ?? undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
          onLinkChange({ id: null, name: event.target.value });
        }}
        onFocus={() => setIsOpen(true)}
        onClick={() => setIsOpen(true)}
        onBlur={(event) => {
          if (!containerRef.current?.contains(event.relatedTarget)) setIsOpen(false);
          onBlur?.(event);
        }}
        onKeyDown={onKeyDown}
        className={cn(fieldClasses, "h-10")}
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label={`${info.title}s`}
        className={cn(
          "absolute top-full right-0 left-0 z-10 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-overlay",
          !(isOpen && options.length > 0) && "hidden",
        )}
      >
        {options.map((option, index) => (
          // The input keeps focus (aria-activedescendant); a click picks without blurring it first.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox input
          <div
            key={option.key}
            id={`${listboxId}-${option.key}`}
            role="option"
            aria-selected={index === activeIndex}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className={cn(
              "flex cursor-pointer items-start gap-2 rounded-sm px-2 py-2 text-sm",
              index === activeIndex ? "bg-primary-soft text-primary-soft-foreground" : "hover:bg-muted",
            )}
          >
            {option.id ? (
              <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            ) : (
              <Plus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">
                {option.id ? option.name : `Add new ${info.noun} "${option.name}"`}
              </span>
              {option.detail && (
                <span className="truncate text-xs text-muted-foreground">{option.detail}</span>
              )}
            </span>
            {option.id && option.name === text && (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
