/** Chart colours, each at least 4.5:1 against the white card (WCAG 1.4.11 asks 3:1 of graphics). */
export const CHART_COLORS = {
  booked: "#4338ca",
  collected: "#15803d",
  lastYear: "#6b7280",
  invoiced: "#b45309",
} as const;

/** The map's shades, light to dark; the lightest marks states with no booked events. */
export const MAP_SHADES = ["#eef0f6", "#c7d2fe", "#818cf8", "#4f46e5", "#3730a3", "#1e1b4b"] as const;
