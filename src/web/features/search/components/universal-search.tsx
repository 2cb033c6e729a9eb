import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { moveHighlight, useScrollIntoView } from "../../../lib/listbox.ts";
import { useSearch } from "../api/use-search.ts";
import { listSearchOptions, SearchResultGroups } from "./search-results.tsx";

/**
 * The header's search over events and clients (spec §2): opens on focus or typing, closes on an outside
 * click or Escape (which also clears), arrow keys move through the results and Enter opens one.
 */
export function UniversalSearch({ className }: { className?: string }) {
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const idPrefix = useId();
  const listboxId = `${idPrefix}-listbox`;
  const { query, isSearchable, results, isLoading, isError, isSettling } = useSearch(text);
  const options = listSearchOptions(results);
  const active = options[activeIndex] ?? null;
  // Results on screen that belong to an older text: shown, but Enter waits for the current ones.
  const isStale = isSettling || isLoading;

  // A new result list starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change, not on every render
  useEffect(() => setActiveIndex(-1), [results]);

  const activeKey = active?.key ?? null;
  const activeOptionId = isOpen && activeKey ? `${idPrefix}-${activeKey}` : null;
  useScrollIntoView(activeOptionId);

  useEffect(() => {
    const focusOnShortcut = (event: globalThis.KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        inputRef.current?.focus();
      }
    };
    document.addEventListener("keydown", focusOnShortcut);
    return () => document.removeEventListener("keydown", focusOnShortcut);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [isOpen]);

  const finish = () => {
    setText("");
    setIsOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      finish();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setIsOpen(true);
      if (options.length === 0) return;
      const key = event.key;
      setActiveIndex((index) => moveHighlight(index, key, options.length));
    } else if (event.key === "Enter" && active && !isStale) {
      event.preventDefault();
      navigate(active.href);
      finish();
    }
  };

  const hasResults = options.length > 0;
  let message: string | null = null;
  if (!isSearchable) message = "Type at least 2 characters to search your events and clients.";
  else if (isError) message = "Search failed. Please try again.";
  else if (isLoading) message = "Searching…";
  else if (!hasResults && !isSettling) message = `No results found for "${query}"`;

  return (
    <div ref={containerRef} className={cn("relative w-full", className)}>
      <label htmlFor={`${idPrefix}-input`} className="sr-only">
        Search events and clients
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={inputRef}
        id={`${idPrefix}-input`}
        aria-keyshortcuts="/ Control+K Meta+K"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={hasResults ? listboxId : undefined}
        aria-activedescendant={activeOptionId ?? undefined}
        placeholder="Search events and clients…"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={(event) => {
          // Tabbing away closes the list; clicking one of its options keeps focus inside.
          if (!containerRef.current?.contains(event.relatedTarget)) setIsOpen(false);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-md border border-border bg-muted pr-9 pl-9 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-card sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {isSearchable && isStale && (
        <Spinner className="absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground" />
      )}
      <div
        className={cn(
          "absolute top-full right-0 left-0 z-40 mt-2 max-h-[min(70vh,28rem)] overflow-y-auto rounded-lg border border-border bg-card shadow-overlay",
          !isOpen && "hidden",
        )}
      >
        {hasResults && (
          <div
            id={listboxId}
            role="listbox"
            aria-label="Search results"
            aria-busy={isStale || undefined}
            className={cn(isStale && "opacity-60")}
          >
            <SearchResultGroups
              results={results}
              idPrefix={idPrefix}
              activeKey={activeKey}
              onSelect={finish}
            />
          </div>
        )}
        {message && <p className="px-4 py-3 text-sm text-muted-foreground">{message}</p>}
      </div>
      <div role="status" className="sr-only">
        {isOpen && isSearchable && !isStale
          ? `${results.events.length} events and ${results.clients.length} clients found`
          : ""}
      </div>
    </div>
  );
}

/** `/` where nothing is being typed, or Ctrl-K / ⌘K anywhere (the shortcuts of most web apps' search). */
function isSearchShortcut(event: globalThis.KeyboardEvent) {
  if (event.defaultPrevented || event.altKey) return false;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") return true;
  if (event.key !== "/" || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement | null;
  const isTyping =
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    Boolean(target?.isContentEditable);
  return !isTyping;
}
