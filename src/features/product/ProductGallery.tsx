// The gallery, following the picker's variant ($variantId).
import { memo, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useStore } from '@nanostores/react';
import { counterText, swipeDirection, wrapIndex, type GalleryVariant } from './gallery.ts';
import { $variantId } from './store.ts';
import { ChevronIcon, ZoomIcon } from '../../ui/icons.tsx';
import { afterNextPaint } from '../../browser/after-paint.ts';

interface Props {
  variants: GalleryVariant[];
  initialVariantId: string | undefined;
  sizes: string;
}

export default function ProductGallery({ variants, initialVariantId, sizes }: Props) {
  // Hydrate as rendered (React does not patch attributes that differ), then follow the store.
  const picked = useStore($variantId, { ssr: 'initial' }) ?? initialVariantId;
  // The pictures follow a pick a frame after the picker, out of the frame answering the tap.
  const [shown, setShown] = useState(picked);
  useEffect(() => (picked === shown ? undefined : afterNextPaint(() => setShown(picked))), [picked, shown]);
  return <Gallery variants={variants} selectedId={shown} sizes={sizes} />;
}

const Gallery = memo(function Gallery({
  variants,
  selectedId,
  sizes,
}: Omit<Props, 'initialVariantId'> & { selectedId: string | undefined }) {
  const variant = variants.find((v) => v.id === selectedId) ?? variants[0];
  const images = variant?.pictures ?? [];
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const [failed, setFailed] = useState<Record<string, true>>({});
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const mainImage = useRef<HTMLImageElement>(null);

  const [shownVariant, setShownVariant] = useState(variant?.id);
  if (variant?.id !== shownVariant) {
    setShownVariant(variant?.id);
    setIndex(0);
    setZoomed(false);
  }

  const total = images.length;
  const current = images[wrapIndex(index, total)];
  // The largest paint decodes for the first frame; pictures a tap brings, off its frame.
  const [openingSrc] = useState(current?.src);
  // An image that failed before hydration fired its error event before React listened: check on mount.
  useEffect(() => {
    const img = mainImage.current;
    if (current && img?.complete && img.naturalWidth === 0) setFailed((f) => ({ ...f, [current.src]: true }));
  }, [current]);
  const go = (delta: number) => {
    setZoomed(false);
    setIndex((i) => wrapIndex(i + delta, total));
  };

  const onPointerDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const start = drag.current;
    drag.current = null;
    if (!start) return;
    const dir = swipeDirection(e.clientX - start.x, e.clientY - start.y);
    if (dir !== 0 && total > 1) {
      go(dir);
      return;
    }
    if (Math.abs(e.clientX - start.x) < 10 && Math.abs(e.clientY - start.y) < 10) {
      const box = e.currentTarget.getBoundingClientRect();
      setOrigin(`${((e.clientX - box.left) / box.width) * 100}% ${((e.clientY - box.top) / box.height) * 100}%`);
      setZoomed((z) => !z);
    }
  };

  return (
    <section aria-roledescription="carousel" aria-label="Product images" className="select-none">
      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- not a control: it catches the arrow keys bubbling from the buttons inside */}
      <div
        className="relative aspect-square overflow-hidden rounded-2xl bg-slate-100"
        onKeyDown={(e) => {
          if (e.key === 'ArrowLeft') go(-1);
          else if (e.key === 'ArrowRight') go(1);
          else if (e.key === 'Escape') setZoomed(false);
        }}
      >
        {current && !failed[current.src] ? (
          <picture key={current.src} className="block h-full w-full">
            {current.avifSrcset && <source type="image/avif" srcSet={current.avifSrcset} sizes={sizes} />}
            <img
              ref={mainImage}
              src={current.src}
              srcSet={current.srcset}
              sizes={sizes}
              width={current.width}
              height={current.height}
              alt={current.alt}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={current.src === openingSrc ? undefined : 'async'}
              draggable={false}
              onError={() => setFailed((f) => ({ ...f, [current.src]: true }))}
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (drag.current = null)}
              data-testid="gallery-main-image"
              className={`h-full w-full cursor-zoom-in touch-pan-y object-cover transition-transform duration-300 ${zoomed ? 'scale-[2.2] cursor-zoom-out' : ''}`}
              // Only from the client: a server-rendered style attribute would need 'unsafe-inline'.
              style={zoomed ? { transformOrigin: origin } : undefined}
            />
          </picture>
        ) : (
          <div
            role="img"
            aria-label={current ? current.alt : 'No image available'}
            className="flex h-full w-full flex-col items-center justify-center gap-2 text-muted"
          >
            <span className="gallery-missing-icon" aria-hidden="true" />
            <p className="text-sm font-medium">{current ? 'Image failed to load' : 'No image available'}</p>
          </div>
        )}

        {total > 1 && (
          <>
            <button
              type="button"
              className="absolute top-1/2 left-3 z-10 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
              onClick={() => go(-1)}
              aria-label="Previous image"
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className="absolute top-1/2 right-3 z-10 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-slate-200 hover:bg-white"
              onClick={() => go(1)}
              aria-label="Next image"
            >
              <ChevronIcon direction="right" />
            </button>
          </>
        )}
        <div className="absolute right-3 bottom-3 flex items-center gap-2">
          <span
            className="rounded-full bg-slate-900/75 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
            aria-live="polite"
            data-testid="gallery-counter"
          >
            {counterText(wrapIndex(index, total), total)}
          </span>
          {current && !failed[current.src] && (
            <button
              type="button"
              onClick={() => {
                setOrigin('50% 50%');
                setZoomed((z) => !z);
              }}
              aria-pressed={zoomed}
              aria-label={zoomed ? 'Zoom out' : 'Zoom in'}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow ring-1 ring-slate-200 hover:bg-white"
            >
              <ZoomIcon out={zoomed} className="h-4.5 w-4.5" />
            </button>
          )}
        </div>
      </div>

      {total > 1 && (
        <ul className="mt-3 flex justify-center gap-1 sm:grid sm:grid-cols-5 sm:gap-3" aria-label="Choose an image">
          {images.map((img, i) => (
            <li key={img.src}>
              <button
                type="button"
                onClick={() => {
                  setZoomed(false);
                  setIndex(i);
                }}
                aria-label={`Show image ${i + 1} of ${total}`}
                aria-current={i === wrapIndex(index, total) ? 'true' : undefined}
                className="gallery-chooser"
              >
                <span />
                {!failed[img.src] && (
                  <img
                    src={img.thumbSrc}
                    srcSet={img.thumbSrcset}
                    sizes="96px"
                    width={96}
                    height={96}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
