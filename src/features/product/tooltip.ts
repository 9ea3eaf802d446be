// Tooltip timing (required): shown after 700 ms of hover or focus; once one has just closed, the next one within
// 300 ms opens at once (the "skip delay"), so moving along a row of options does not wait each time.
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function tooltipOpenDelay(now: number, lastClosedAt: number | undefined): number {
  return lastClosedAt !== undefined && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}
