import { geoPath } from "d3-geo";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesTopology from "us-atlas/states-albers-10m.json";
import type { Insights } from "../../../../shared/schemas/insights.ts";
import { usStateByFips } from "../../../../shared/us-states.ts";
import { formatDollars } from "../../../lib/money.ts";
import { MAP_SHADES } from "./chart-colors.ts";

// The atlas is already projected (Albers USA, Alaska and Hawaii inset) into a 975 × 610 box, so the path
// needs no projection and the map draws with no outside request.
const topology = statesTopology as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
const shapes = feature(topology, topology.objects.states).features;
const borders = geoPath()(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? "";
const path = geoPath();

type Props = {
  rows: Insights["byState"];
  selected: string | null;
  onSelect: (state: string) => void;
};

/** The United States shaded by booked fees; a state with events is a button that lists them. */
export default function UsStateMap({ rows, selected, onSelect }: Props) {
  const byCode = new Map(rows.filter((row) => row.state).map((row) => [row.state!, row]));
  const highest = Math.max(0, ...rows.map((row) => row.fees));
  const selectedShape = shapes.find((shape) => usStateByFips(String(shape.id))?.code === selected);
  const shadeOf = (fees: number) => {
    if (fees <= 0 || highest <= 0) return MAP_SHADES[0];
    const step = Math.min(MAP_SHADES.length - 1, 1 + Math.floor((fees / highest) * (MAP_SHADES.length - 2)));
    return MAP_SHADES[step];
  };
  const plain = shapes.filter((shape) => !byCode.has(usStateByFips(String(shape.id))?.code ?? ""));
  const marked = shapes.filter((shape) => byCode.has(usStateByFips(String(shape.id))?.code ?? ""));
  return (
    <figure className="m-0">
      <svg viewBox="0 0 975 610" className="h-auto w-full">
        <title>Map of booked fees by state</title>
        <g>
          {plain.map((shape) => (
            <path key={String(shape.id)} d={path(shape) ?? ""} fill={MAP_SHADES[0]} />
          ))}
        </g>
        {marked.map((shape) => {
          const state = usStateByFips(String(shape.id))!;
          const row = byCode.get(state.code)!;
          const isSelected = selected === state.code;
          const label = `${state.name}: ${row.events} ${row.events === 1 ? "event" : "events"}, ${formatDollars(row.fees)}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes the role
            <path
              key={String(shape.id)}
              d={path(shape) ?? ""}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={isSelected}
              fill={shadeOf(row.fees)}
              className="cursor-pointer outline-none focus-visible:opacity-80"
              onClick={() => onSelect(state.code)}
              onKeyDown={(event) => {
                if (event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  onSelect(state.code);
                }
              }}
            >
              <title>{label}</title>
            </path>
          );
        })}
        <g fill="none" strokeLinejoin="round">
          <path d={borders} stroke="#ffffff" strokeWidth={1} />
          {selectedShape && <path d={path(selectedShape) ?? ""} stroke="#111827" strokeWidth={3} />}
        </g>
      </svg>
      <figcaption className="mt-2 flex items-center gap-2 text-xs text-muted-foreground">
        <span>Fewer fees</span>
        {MAP_SHADES.slice(1).map((shade) => (
          <span key={shade} className="inline-block size-3 rounded-sm" style={{ background: shade }} />
        ))}
        <span>More fees</span>
      </figcaption>
    </figure>
  );
}
