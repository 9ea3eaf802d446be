// The settings file read directly, for what runs before Astro's content layer (the demo's charges, the stylesheet).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_BRAND_COLOR, settingsSchema, STORE_SETTINGS } from '../lib/content-schema.ts';
import { brandPalette, type BrandPalette } from './brand.ts';

export async function readSettingsFile(contentRoot: string): Promise<{ data: unknown } | { error: string }> {
  let text: string;
  try {
    text = await readFile(join(contentRoot, STORE_SETTINGS.file), 'utf8');
  } catch (error) {
    return { error: `cannot read ${STORE_SETTINGS.file}: ${(error as Error).message}` };
  }
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  try {
    return { data: frontmatter === undefined ? undefined : (parse(frontmatter) as unknown) };
  } catch (error) {
    return { error: `${STORE_SETTINGS.file}: ${(error as Error).message}` };
  }
}

/** The default palette when the file cannot say: the content layer then stops the build, naming the fault. */
export async function settingsPalette(contentRoot: string): Promise<BrandPalette> {
  const file = await readSettingsFile(contentRoot);
  const data = 'data' in file ? (file.data as { brandColor?: unknown } | undefined) : undefined;
  const color = settingsSchema.shape.brandColor.safeParse(data?.brandColor);
  return brandPalette(color.success ? color.data : DEFAULT_BRAND_COLOR);
}
