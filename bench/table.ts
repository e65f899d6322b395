/** Prints rows as a right-aligned table. */
export function printTable(head: readonly string[], rows: readonly string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(head.map((h, i) => h.padStart(widths[i]!)).join('  '));
  for (const r of rows) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
}
