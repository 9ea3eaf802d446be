// /admin: the editor saves through `npm start`'s local proxy, elsewhere through the git provider.
import type { DecapConfig } from './decap-config.ts';
import { previews, type CreateElement } from './previews.ts';

interface PageData {
  config: DecapConfig;
  /** The site's stylesheets, for the preview pane. */
  previewStyles: string[];
}

interface DecapCms {
  init(options: { config: unknown }): void;
  registerPreviewStyle(href: string): void;
  registerPreviewTemplate(collection: string, component: unknown): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapCms;
    h?: CreateElement;
  }
}

const LOCAL_PROXY = new URL('api/v1', import.meta.url).href;
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

function showProblem(message: string): void {
  const box = document.getElementById('editor-problem');
  if (!box) return;
  box.querySelector('p')!.textContent = message;
  box.hidden = false;
  document.getElementById('editor-loading')?.remove();
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

/** Whether `npm start`'s local proxy answers (it does not on a static host). */
async function localProxyAnswers(): Promise<boolean> {
  if (!LOCAL_HOSTS.includes(location.hostname)) return false;
  try {
    const response = await fetch(LOCAL_PROXY, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'info' }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function start(): Promise<void> {
  const data = JSON.parse(document.getElementById('editor-data')?.textContent ?? 'null') as PageData | null;
  if (!data) return showProblem('This page was built without its configuration. Rebuild the site.');
  const { config } = data;
  const local = await localProxyAnswers();
  if (!config.backend && !local) {
    return showProblem(
      'Saving is not set up for this site: run it on your computer with npm start, or set EDITOR_REPO when ' +
        'building (see docs/editor-setup.md).',
    );
  }
  window.CMS_MANUAL_INIT = true;
  try {
    await loadScript(new URL('decap-cms.js', import.meta.url).href);
  } catch {
    return showProblem('The editor did not load. Check your connection and reload the page.');
  }
  const { CMS, h } = window;
  if (!CMS || !h) return showProblem('The editor did not start. Reload the page.');
  for (const href of data.previewStyles) CMS.registerPreviewStyle(href);
  for (const [collection, template] of Object.entries(previews(h))) CMS.registerPreviewTemplate(collection, template);
  document.getElementById('editor-loading')?.remove();
  CMS.init({
    config: {
      ...config,
      backend: config.backend ?? { name: 'proxy', proxy_url: LOCAL_PROXY, branch: 'main' },
      // Used only when it answers, and only on this machine's own addresses.
      local_backend: { url: LOCAL_PROXY, allowed_hosts: LOCAL_HOSTS },
    },
  });
}

void start();
