// The product, fetched once per build, checked, sanitised, its images made renditions. A fetch that fails stops the
// build saying what to fix: a static host keeps the last good build.
import { getImage } from 'astro:assets';
import { API_BASE_URL } from 'astro:env/server';
import { ApiError, HttpError, createCommerceClient } from '@haven/commerce-client';
import { config } from '../config.ts';
import { normalizeProduct } from '../features/catalog/answer.ts';
import { toCents } from '../lib/money.ts';
import { htmlToText, sanitizeDescription } from '../lib/sanitize.ts';
import {
  initialVariant,
  pictureAlt,
  slugify,
  type ImageAnswer,
  type Picture,
  type Product,
  type SharePicture,
} from '../features/catalog/index.ts';

/** Gallery renditions: phone (about 100vw) to desktop (about half of a 1200 px container) at 1x-2x. */
const GALLERY_WIDTHS = [360, 540, 720, 960, 1280];
const THUMB_WIDTHS = [96, 192];
export const GALLERY_SIZES = '(min-width: 1024px) 528px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';

let cached: Promise<Product> | undefined;

export function loadProduct(): Promise<Product> {
  cached ??= fetchProduct();
  return cached;
}

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) return `${error.statusCode} ${error.code}: ${error.message}`;
  if (error instanceof HttpError) return `HTTP ${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

async function fetchProduct(): Promise<Product> {
  const where = `${API_BASE_URL}/stores/${config.storeDomain}/products/${config.productLink}`;
  const api = createCommerceClient({ baseUrl: API_BASE_URL });
  let data: unknown;
  try {
    ({ data } = await api.GET('/stores/{id}/products/{link}', {
      params: { path: { id: config.storeDomain, link: config.productLink } },
    }));
  } catch (error) {
    throw new Error(
      `Could not fetch the product from ${where} (after retries): ${describeFailure(error)}.\n` +
        'Check API_BASE_URL, PUBLIC_STORE_DOMAIN and PUBLIC_PRODUCT_LINK (see README.md#configuration).',
      { cause: error },
    );
  }
  const { product, warnings } = normalizeProduct(data);
  for (const w of warnings) console.warn(`[product] ${w}`);
  const origin = new URL(API_BASE_URL).origin;
  const variants = await Promise.all(
    product.variants.map(async (v) => ({
      id: v.id,
      name: v.name,
      slug: slugify(v.name),
      sku: v.sku,
      price: toCents(v.price),
      ...(v.regularPrice !== undefined ? { regularPrice: toCents(v.regularPrice) } : {}),
      stock: v.stock,
      pictures: await Promise.all(
        v.images.map((img, i) => renditions(img, origin, pictureAlt(product.name, v.name, i, v.images.length))),
      ),
    })),
  );
  const opening = initialVariant(variants).variant;
  const openingImage = product.variants.find((v) => v.id === opening?.id)?.images[0];
  const share =
    opening && openingImage
      ? await sharePicture(openingImage, origin, opening.pictures[0]?.alt ?? product.name)
      : undefined;
  return {
    id: product.id,
    name: product.name,
    ...(share ? { sharePicture: share } : {}),
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription || htmlToText(product.description).slice(0, 160),
    descriptionHtml: sanitizeDescription(product.description),
    variants,
  };
}

/** Open Graph's recommended 1200 px width, as JPEG: some link-preview crawlers still refuse WebP and AVIF. */
async function sharePicture(img: ImageAnswer, origin: string, alt: string): Promise<SharePicture | undefined> {
  const url = new URL(img.url, origin).href;
  try {
    const jpeg = await getImage({ src: url, inferSize: true, width: 1200, format: 'jpeg', quality: 80 });
    return {
      src: jpeg.src,
      width: Number(jpeg.attributes.width) || 1200,
      height: Number(jpeg.attributes.height) || 1200,
      alt,
    };
  } catch (error) {
    console.warn(`[product] image ${url} could not be prepared for link previews: ${describeFailure(error)}`);
    return undefined;
  }
}

async function renditions(img: ImageAnswer, origin: string, alt: string): Promise<Picture> {
  const url = new URL(img.url, origin).href;
  try {
    // AVIF is about half the bytes of WebP for these pictures.
    const [main, avif, thumb] = await Promise.all([
      getImage({
        src: url,
        inferSize: true,
        widths: GALLERY_WIDTHS,
        sizes: GALLERY_SIZES,
        format: 'webp',
        quality: 78,
      }),
      getImage({
        src: url,
        inferSize: true,
        widths: GALLERY_WIDTHS,
        sizes: GALLERY_SIZES,
        format: 'avif',
        quality: 45,
      }),
      getImage({ src: url, inferSize: true, widths: THUMB_WIDTHS, sizes: '96px', format: 'webp', quality: 70 }),
    ]);
    const width = Number(main.attributes.width) || 1200;
    const height = Number(main.attributes.height) || 1200;
    return {
      src: main.src,
      srcset: main.srcSet.attribute,
      avifSrcset: avif.srcSet.attribute,
      width,
      height,
      thumbSrc: thumb.src,
      thumbSrcset: thumb.srcSet.attribute,
      alt,
    };
  } catch (error) {
    // An image the build cannot fetch or decode is left to the browser's gallery fallback.
    console.warn(`[product] image ${url} could not be optimised: ${describeFailure(error)}`);
    return { src: url, width: 1200, height: 1200, thumbSrc: url, alt };
  }
}
