// The Markdown's own links ('[returns](/policy#returns)') under the site's base path, as the pages' links are.
import type { HastPluginDefinition } from 'satteri';
import { underBase } from '../lib/site-path.ts';

export function baseLinks(base: string): HastPluginDefinition | null {
  if (!base) return null;
  return {
    name: 'base-links',
    element: {
      filter: ['a', 'img'],
      visit(node, ctx) {
        for (const name of ['href', 'src']) {
          const value = node.properties[name];
          if (typeof value === 'string') ctx.setProperty(node, name, underBase(base, value));
        }
      },
    },
  };
}
