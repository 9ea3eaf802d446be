// What a page shows instead of its content: an empty cart, an order it cannot show, a problem.
import type { ReactNode } from 'react';

const TONES = { brand: 'bg-brand-50 text-brand-700', warning: 'bg-amber-50 text-amber-700' };

interface Props {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: string;
  /** 2 inside a page that has its own heading. */
  level?: 1 | 2;
  framed?: boolean;
  children: ReactNode;
  actions: ReactNode;
}

export function StatePanel({ icon, tone, title, level = 1, framed = false, children, actions }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div
      className={`mx-auto flex flex-col items-center text-center ${
        framed ? 'max-w-lg rounded-2xl border border-slate-200 px-6 py-12' : 'max-w-xl py-6 sm:py-10'
      }`}
    >
      <span className={`flex h-14 w-14 items-center justify-center rounded-full ${TONES[tone]}`} aria-hidden="true">
        {icon}
      </span>
      <Heading
        className={`mt-4 text-balance ${level === 1 ? 'text-3xl font-bold tracking-tight' : 'text-xl font-semibold'}`}
      >
        {title}
      </Heading>
      <div className="mt-3 space-y-3 text-muted">{children}</div>
      <div className="mt-8 flex w-full flex-col flex-wrap justify-center gap-3 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}
