// Decorative icons in the text colour: the control or text beside each carries its words.
import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
  strokeWidth?: number;
}

function Icon({ className = 'h-5 w-5', strokeWidth = 2, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function PathIcon({ d, ...props }: IconProps & { d: string }) {
  return (
    <Icon {...props}>
      <path d={d} />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return <PathIcon d="M6 6l12 12M18 6 6 18" {...props} />;
}

export function CheckIcon(props: IconProps) {
  return <PathIcon d="m5 12.5 4.5 4.5L19 7.5" {...props} />;
}

const CHEVRONS = { left: 'm15 6-6 6 6 6', right: 'm9 6 6 6-6 6', down: 'm6 9.5 6 6 6-6' } as const;

export function ChevronIcon({ direction, ...props }: IconProps & { direction: keyof typeof CHEVRONS }) {
  return <PathIcon d={CHEVRONS[direction]} {...props} />;
}

export function CartIcon(props: IconProps) {
  return (
    <Icon strokeWidth={1.8} {...props}>
      <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
      <circle cx="9.5" cy="20" r="1.3" />
      <circle cx="17.5" cy="20" r="1.3" />
    </Icon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </Icon>
  );
}

export function ZoomIcon({ out, ...props }: IconProps & { out: boolean }) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d={out ? 'M8 11h6M20 20l-4.2-4.2' : 'M8 11h6M11 8v6M20 20l-4.2-4.2'} />
    </Icon>
  );
}

export function ReceiptIcon(props: IconProps) {
  return (
    <PathIcon
      strokeWidth={1.8}
      d="M7 3h10a1 1 0 0 1 1 1v17l-3-2-3 2-3-2-3 2V4a1 1 0 0 1 1-1zm3 5h4m-4 4h4"
      {...props}
    />
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <PathIcon
      d="M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"
      {...props}
    />
  );
}

export function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
    </svg>
  );
}
