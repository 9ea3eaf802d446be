import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

// Within 300 ms of one closing, the next opens at once: a row of options need not wait each time.
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function tooltipOpenDelay(now: number, lastClosedAt: number | undefined): number {
  return lastClosedAt !== undefined && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

let lastClosedAt: number | undefined;

export default function Tooltip({
  content,
  children,
}: {
  content: string;
  children: (describedBy: string) => ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), tooltipOpenDelay(performance.now(), lastClosedAt));
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- not a control: it catches Escape bubbling from the control inside
    <span
      className="relative inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && hide()}
    >
      {children(id)}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="pointer-events-none absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-56 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-center text-xs font-medium text-white shadow-lg"
      >
        {content}
      </span>
    </span>
  );
}
