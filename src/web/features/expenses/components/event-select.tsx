import { Select } from "../../../components/ui/select.tsx";
import { formatShortDate } from "../../../lib/format.ts";
import { useEventChoices } from "../api/expenses.ts";

/** An optional event to tie a cost to (its latest 200 events). */
export function EventSelect({
  value,
  onChange,
  ...props
}: {
  value: string;
  onChange: (eventId: string) => void;
  id?: string;
}) {
  const events = useEventChoices();
  return (
    <Select value={value} onChange={(e) => onChange(e.target.value)} {...props}>
      <option value="">No event</option>
      {events.data?.items.map((event) => (
        <option key={event.id} value={event.id}>
          {event.title} · {formatShortDate(event.date)}
        </option>
      ))}
    </Select>
  );
}
