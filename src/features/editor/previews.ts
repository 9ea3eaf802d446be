// Previews drawn with the pages' own markup and stylesheet, through the editor's React (`h`): no second React.
import { fillWords, settingsWords, telHref } from '../settings/index.ts';
import type { StoreSettings } from '../../lib/content-schema.ts';

export type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

/** What the editor hands a preview: the entry (an Immutable.js map) and the rendered Markdown. */
interface PreviewProps {
  entry: { getIn(path: readonly string[]): unknown };
  widgetFor(name: string): unknown;
  getAsset?: (path: string) => { toString(): string } | undefined;
}

type Preview = (props: PreviewProps) => unknown;

interface Channel {
  label?: string;
  use?: string;
  value?: string;
  href?: string;
  note?: string;
}

const text = (props: PreviewProps, name: string): string => {
  const value = props.entry.getIn(['data', name]);
  return typeof value === 'string' ? value : '';
};

/** Lists and objects arrive as Immutable.js values; plain data from here on. */
function plain(value: unknown): unknown {
  return value && typeof value === 'object' && 'toJS' in value && typeof value.toJS === 'function'
    ? (value.toJS as () => unknown)()
    : value;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function lastUpdated(value: unknown): string | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' && value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? `Last updated ${dateFormat.format(date)}` : undefined;
}

const page = (h: CreateElement, ...children: unknown[]) =>
  h(
    'div',
    { className: 'flex min-h-dvh flex-col' },
    h('main', { className: 'mx-auto w-full max-w-3xl p-4' }, ...children),
  );

function section(h: CreateElement, props: PreviewProps, meta: string | undefined, extra: unknown): unknown {
  const anchor = text(props, 'anchor');
  return h(
    'section',
    { id: anchor, className: 'scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8' },
    h('h2', { className: 'text-2xl font-semibold tracking-tight' }, text(props, 'title')),
    h('p', { className: 'mt-2 text-muted' }, text(props, 'summary')),
    meta ? h('p', { className: 'mt-1 text-sm text-muted' }, meta) : null,
    h('div', { className: 'prose-shop mt-4 [&>:first-child]:mt-0 [&>:last-child]:mb-0' }, props.widgetFor('body')),
    extra,
  );
}

function channels(h: CreateElement, value: unknown): unknown {
  const list = plain(value);
  if (!Array.isArray(list) || list.length === 0) return null;
  return h(
    'ul',
    { className: 'mt-6 grid gap-4 sm:grid-cols-2' },
    ...(list as Channel[]).map((c, i) =>
      h(
        'li',
        { key: i, className: 'flex gap-3 rounded-2xl bg-slate-50 p-4 sm:gap-4 sm:p-5' },
        h(
          'div',
          { className: 'min-w-0' },
          h('h3', { className: 'text-sm font-semibold text-muted' }, c.label ?? ''),
          h(
            'a',
            {
              href: c.href,
              className:
                'mt-0.5 block text-base font-semibold break-words sm:text-lg text-brand-700 underline-offset-4 hover:underline',
            },
            c.value ?? (c.use ? `The store’s ${c.use}, from the store settings` : ''),
          ),
          c.note ? h('p', { className: 'mt-1 text-sm text-muted' }, c.note) : null,
        ),
      ),
    ),
  );
}

/** The store settings as shoppers meet them: the deal banner, the header's name and the footer. */
function storePreview(h: CreateElement, props: PreviewProps): unknown {
  const deal = plain(props.entry.getIn(['data', 'deal'])) as { show?: boolean; text?: string } | undefined;
  const social = plain(props.entry.getIn(['data', 'social']));
  const logo = text(props, 'logo');
  // An upload is not on the site until the rebuild: Decap holds it meanwhile.
  const src = logo ? (props.getAsset?.(logo)?.toString() ?? logo) : '';
  const mark = logo
    ? h('img', { src, alt: '', width: 28, height: 28, className: 'h-7 w-7 rounded-lg object-cover' })
    : h('span', {
        className: 'inline-block h-7 w-7 rounded-[9px] bg-brand-700',
        style: { backgroundColor: text(props, 'brandColor') || undefined },
        'aria-hidden': 'true',
      });
  let tagline = text(props, 'tagline');
  try {
    tagline = fillWords(tagline, settingsWords(plain(props.entry.getIn(['data'])) as StoreSettings), 'preview');
  } catch {
    // Half-filled figures: the text as written until they are whole.
  }
  const link = (href: string, label: string, key?: number) =>
    h('li', { key }, h('a', { href, className: 'text-muted hover:text-ink hover:underline' }, label));
  return h(
    'div',
    { className: 'flex min-h-dvh flex-col' },
    deal?.show !== false
      ? h(
          'div',
          { className: 'bg-deal px-4 py-2 text-center text-sm font-medium text-white' },
          `${deal?.text ?? ''} 59:59.99`,
        )
      : null,
    h(
      'header',
      { className: 'border-b border-slate-200 bg-white' },
      h(
        'div',
        { className: 'mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 text-lg font-bold tracking-tight' },
        mark,
        h('span', null, text(props, 'name')),
      ),
    ),
    h('main', { className: 'flex-1' }),
    h(
      'footer',
      { className: 'border-t border-slate-200 bg-slate-50' },
      h(
        'div',
        { className: 'mx-auto max-w-6xl px-4 py-10' },
        h('p', { className: 'flex items-center gap-2 text-lg font-bold text-ink' }, mark, text(props, 'name')),
        h('p', { className: 'mt-3 max-w-xs text-sm text-muted' }, tagline),
        h(
          'ul',
          { className: 'mt-3 space-y-1 text-sm' },
          link(`mailto:${text(props, 'email')}`, text(props, 'email')),
          link(telHref(text(props, 'phone')), text(props, 'phone')),
        ),
        Array.isArray(social) && social.length > 0
          ? h(
              'ul',
              { className: 'mt-3 flex flex-wrap gap-x-4 text-sm' },
              ...(social as { label?: string; url?: string }[]).map((s, i) => link(s.url ?? '', s.label ?? '', i)),
            )
          : null,
      ),
      h(
        'div',
        { className: 'border-t border-slate-200 py-6 text-center text-xs text-muted' },
        `© ${text(props, 'company')}. Prices in US dollars.`,
      ),
    ),
  );
}

export function previews(h: CreateElement): Record<'policy' | 'support' | 'faq' | 'store', Preview> {
  return {
    store: (props) => storePreview(h, props),
    policy: (props) => page(h, section(h, props, lastUpdated(props.entry.getIn(['data', 'updated'])), null)),
    support: (props) => page(h, section(h, props, undefined, channels(h, props.entry.getIn(['data', 'channels'])))),
    faq: (props) =>
      page(
        h,
        h('h3', { className: 'text-lg font-semibold' }, text(props, 'topic')),
        h(
          'ul',
          { className: 'mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200' },
          h(
            'li',
            null,
            h(
              'details',
              { open: true, className: 'group scroll-mt-24' },
              h(
                'summary',
                {
                  className:
                    'flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-ink hover:bg-slate-50 [&::-webkit-details-marker]:hidden',
                },
                h('span', null, text(props, 'question')),
              ),
              h(
                'div',
                { className: 'prose-shop px-5 pb-5 [&>:first-child]:mt-0 [&>:last-child]:mb-0' },
                props.widgetFor('body'),
              ),
            ),
          ),
        ),
      ),
  };
}
