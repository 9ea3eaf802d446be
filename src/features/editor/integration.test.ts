import { describe, expect, it } from 'vitest';
import { EDITOR_CSP, editorBackend } from './integration.ts';

describe('editorBackend', () => {
  it('is unset without EDITOR_REPO: the editor then saves through npm start only', () => {
    expect(editorBackend({})).toBeUndefined();
    expect(editorBackend({ EDITOR_REPO: ' ' })).toBeUndefined();
  });

  it('reads the repository, the branch (main by default) and the OAuth client', () => {
    expect(editorBackend({ EDITOR_REPO: 'haven/shop' })).toEqual({
      repo: 'haven/shop',
      branch: 'main',
      authUrl: undefined,
    });
    expect(
      editorBackend({ EDITOR_REPO: 'haven/shop', EDITOR_BRANCH: 'live', EDITOR_AUTH_URL: 'https://auth.example.com' }),
    ).toEqual({ repo: 'haven/shop', branch: 'live', authUrl: 'https://auth.example.com' });
  });

  it('takes the repository a Netlify or Vercel build names when EDITOR_REPO is unset, if it is on GitHub', () => {
    const main = { branch: 'main', authUrl: undefined };
    expect(editorBackend({ REPOSITORY_URL: 'https://github.com/haven/shop' })).toEqual({ repo: 'haven/shop', ...main });
    expect(editorBackend({ REPOSITORY_URL: 'git@github.com:haven/shop.git' })).toEqual({ repo: 'haven/shop', ...main });
    expect(editorBackend({ REPOSITORY_URL: 'https://gitlab.com/haven/shop' })).toBeUndefined();
    const vercel = { VERCEL_GIT_REPO_OWNER: 'haven', VERCEL_GIT_REPO_SLUG: 'shop' };
    expect(editorBackend({ ...vercel, VERCEL_GIT_PROVIDER: 'github' })).toEqual({ repo: 'haven/shop', ...main });
    expect(editorBackend({ ...vercel, VERCEL_GIT_PROVIDER: 'gitlab' })).toBeUndefined();
    expect(editorBackend({ EDITOR_REPO: 'own/repo', REPOSITORY_URL: 'https://github.com/haven/shop' })?.repo).toBe(
      'own/repo',
    );
  });

  it('stops the build on a value that cannot work, naming it', () => {
    expect(() => editorBackend({ EDITOR_REPO: 'https://github.com/haven/shop' })).toThrow(
      'EDITOR_REPO must be owner/name, got "https://github.com/haven/shop"',
    );
    expect(() => editorBackend({ EDITOR_REPO: 'haven/shop', EDITOR_AUTH_URL: 'http://auth.example.com' })).toThrow(
      'EDITOR_AUTH_URL must be an https:// URL',
    );
  });
});

describe('EDITOR_CSP', () => {
  it('keeps the editor to its own origin and the git provider, with no plugins and no foreign forms', () => {
    expect(EDITOR_CSP).toContain("default-src 'self'");
    expect(EDITOR_CSP).toContain("connect-src 'self' blob: https://api.github.com");
    expect(EDITOR_CSP).toContain("object-src 'none'");
    expect(EDITOR_CSP).toContain("form-action 'self'");
    expect(EDITOR_CSP).not.toMatch(/script-src[^;]*(\*|https:)/);
  });
});
