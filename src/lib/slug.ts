/** For `?variant=` and cart line ids: lowercased, spaces turned to hyphens (runs of whitespace become one hyphen). */
export function slugify(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '-');
}
