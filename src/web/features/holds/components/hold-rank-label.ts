/** "1st hold", "2nd hold", "3rd hold", "11th hold"… */
export function holdRankLabel(rank: number): string {
  const lastTwo = rank % 100;
  const last = rank % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${rank}${suffix} hold`;
}
