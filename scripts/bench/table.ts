// Plain-text tables and number formats shared by the bench and the size check.

/** Lays out rows as aligned columns; the first row is the header. Columns after the first are right-aligned. */
export function formatTable(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
        return i === 0 ? cell + pad : pad + cell;
      })
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  if (!header) return '';
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** Bytes as decimal kilobytes with one decimal (the unit of the byte budgets). */
export function kb(bytes: number | undefined): string {
  return bytes === undefined ? '–' : `${(bytes / 1000).toFixed(1)} KB`;
}

export function ms(value: number | undefined): string {
  return value === undefined ? '–' : `${Math.round(value)} ms`;
}

export function fixed(value: number | undefined, digits: number): string {
  return value === undefined ? '–' : value.toFixed(digits);
}

export function ratio(value: number | undefined): string {
  return value === undefined ? '–' : `${value.toFixed(2)}x`;
}
