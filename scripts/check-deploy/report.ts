// What check-deploy says: one line per check, a summary, and the JSON report written beside them.

export interface CheckResult {
  /** Short name, the same in the printed line, the report and the workflow's error annotation. */
  name: string;
  ok: boolean;
  /** What was checked and found fine (ok), or what is wrong (failed), in one sentence or a few joined by "; ". */
  detail: string;
  /** Failed checks: what to change and where. */
  fix?: string | undefined;
}

export interface Report {
  site: string;
  /** The API the browser calls, as the check resolved it (absent when it could not tell). */
  api?: string | undefined;
  ok: boolean;
  checks: CheckResult[];
}

export const passed = (name: string, detail: string): CheckResult => ({ name, ok: true, detail });

export const failed = (name: string, detail: string, fix?: string): CheckResult => ({
  name,
  ok: false,
  detail,
  ...(fix ? { fix } : {}),
});

/** `ok name: detail` or `FAIL name: detail Fix: fix`, on one line. */
export function formatLine(result: CheckResult): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');
  if (result.ok) return `ok ${result.name}: ${oneLine(result.detail)}`;
  return `FAIL ${result.name}: ${oneLine(result.detail)}${result.fix ? ` Fix: ${oneLine(result.fix)}` : ''}`;
}

export function summaryLine(report: Report, reportPath: string): string {
  const bad = report.checks.filter((c) => !c.ok);
  if (bad.length === 0) {
    return `check-deploy: all ${report.checks.length} checks passed for ${report.site}: the live shop can take money. Report: ${reportPath}`;
  }
  return (
    `check-deploy: ${bad.length} of ${report.checks.length} checks failed for ${report.site} (${bad.map((c) => c.name).join(', ')}). ` +
    `Report: ${reportPath}`
  );
}

/** Quoted list with a cap, for messages that could otherwise name every page of the site. */
export function listOf(items: readonly string[], max = 4, separator = ', '): string {
  if (items.length <= max) return items.join(separator);
  return `${items.slice(0, max).join(separator)}${separator}and ${items.length - max} more`;
}
