// Authentication: which requests carry the bearer token, and the refresh flow around it.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createCommerceClient, memoryStorage, type TokenStorage } from './index.ts';
import { BASE, deferred, recordingSleep, storageWith, useMockServer } from './client.support.ts';

const server = useMockServer();

/** Answers every protected GET with 200 and records the Authorization header it carried. */
function recordAuth(): (string | null)[] {
  const seen: (string | null)[] = [];
  server.use(
    http.get(
      `${BASE}/users/me`,
      ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json({})),
    ),
  );
  return seen;
}

/** Counts refresh calls; answers with `answer` once `gate` (if any) opens. */
function refreshEndpoint(answer: () => Response, gate?: Promise<void>) {
  const calls: { body: unknown; authorization: string | null }[] = [];
  server.use(
    http.post(`${BASE}/users/refresh-token`, async ({ request }) => {
      calls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      await gate;
      return answer();
    }),
  );
  return calls;
}

function client(storage: TokenStorage, onAuthFailure = vi.fn()) {
  return {
    api: createCommerceClient({ baseUrl: BASE, storage, onAuthFailure, retry: recordingSleep() }),
    onAuthFailure,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('bearer token', () => {
  it('sends the stored access token', async () => {
    const seen = recordAuth();
    await client(storageWith({ accessToken: 'a1' })).api.GET('/users/me');
    expect(seen).toEqual(['Bearer a1']);
  });

  it('sends an empty bearer when no token is stored (fetch trims "Bearer " to "Bearer")', async () => {
    const seen = recordAuth();
    const { api, onAuthFailure } = client(memoryStorage());
    await api.GET('/users/me');
    expect(seen).toEqual(['Bearer']);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('sends no token to login and refresh-token, even when one is stored', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post(
        `${BASE}/users/login`,
        ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json({})),
      ),
      http.post(
        `${BASE}/users/refresh-token`,
        ({ request }) => (seen.push(request.headers.get('authorization')), HttpResponse.json({ accessToken: 'x' })),
      ),
    );
    const { api } = client(storageWith({ accessToken: 'a1', refreshToken: 'r1' }));
    await api.POST('/users/login', { body: { email: 'e' } });
    await api.POST('/users/refresh-token', { body: { refreshToken: 'r1' } });
    expect(seen).toEqual([null, null]);
  });

  it('reads the token from storage on every request, so a later login is picked up', async () => {
    const seen = recordAuth();
    const storage = memoryStorage();
    const { api } = client(storage);
    await api.GET('/users/me');
    storage.setItem('accessToken', 'a2');
    await api.GET('/users/me');
    expect(seen).toEqual(['Bearer', 'Bearer a2']);
  });
});

describe('refresh flow', () => {
  it('refreshes first when only a refresh token is stored, stores the new token and goes on', async () => {
    const calls = refreshEndpoint(() => HttpResponse.json({ accessToken: 'fresh' }));
    const seen = recordAuth();
    const storage = storageWith({ refreshToken: 'r1' });
    const { api, onAuthFailure } = client(storage);

    await api.GET('/users/me');
    await api.GET('/users/me');

    expect(calls).toEqual([{ body: { refreshToken: 'r1' }, authorization: null }]);
    expect(seen).toEqual(['Bearer fresh', 'Bearer fresh']);
    expect(storage.getItem('accessToken')).toBe('fresh');
    expect(storage.getItem('refreshToken')).toBe('r1');
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it.each([
    ['a 401 answer', () => HttpResponse.json({ code: 'TOKEN_EXPIRED' }, { status: 401 })],
    ['an answer without accessToken', () => HttpResponse.json({})],
    ['a network failure', () => HttpResponse.error()],
  ])('on %s: removes both tokens, calls onAuthFailure once, sends the request without a token', async (_, answer) => {
    refreshEndpoint(answer);
    const seen = recordAuth();
    const storage = storageWith({ refreshToken: 'r1', unrelated: 'kept' });
    const { api, onAuthFailure } = client(storage);

    await api.GET('/users/me');

    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(storage.getItem('unrelated')).toBe('kept');
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['Bearer']);
  });

  it('a protected request after a failed refresh still rejects with the backend error', async () => {
    refreshEndpoint(() => HttpResponse.json({}, { status: 401 }));
    server.use(http.get(`${BASE}/users/me`, () => HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 })));
    const { api } = client(storageWith({ refreshToken: 'r1' }));
    await expect(api.GET('/users/me')).rejects.toMatchObject({
      name: 'ApiError',
      code: 'UNAUTHORIZED',
      statusCode: 401,
    });
  });

  it('concurrent requests share one refresh and all carry its token', async () => {
    const gate = deferred();
    const calls = refreshEndpoint(() => HttpResponse.json({ accessToken: 'shared' }), gate.promise);
    const seen = recordAuth();
    const { api } = client(storageWith({ refreshToken: 'r1' }));

    const requests = Array.from({ length: 5 }, () => api.GET('/users/me'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    gate.resolve();
    await Promise.all(requests);

    expect(calls).toHaveLength(1);
    expect(seen).toEqual(Array(5).fill('Bearer shared'));
  });

  it('concurrent requests during a failing refresh report the failure once', async () => {
    const gate = deferred();
    const calls = refreshEndpoint(() => HttpResponse.json({}, { status: 500 }), gate.promise);
    const seen = recordAuth();
    const { api, onAuthFailure } = client(storageWith({ refreshToken: 'r1' }));

    const requests = Array.from({ length: 4 }, () => api.GET('/users/me'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    gate.resolve();
    await Promise.all(requests);

    expect(calls).toHaveLength(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(Array(4).fill('Bearer'));
  });

  it('by default sends a browser to /login after a failed refresh', async () => {
    refreshEndpoint(() => HttpResponse.json({}, { status: 401 }));
    recordAuth();
    const assign = vi.fn();
    vi.stubGlobal('document', {});
    vi.stubGlobal('location', { assign });
    await createCommerceClient({ baseUrl: BASE, storage: storageWith({ refreshToken: 'r1' }) }).GET('/users/me');
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('by default does nothing outside a browser (Node at build time)', async () => {
    refreshEndpoint(() => HttpResponse.json({}, { status: 401 }));
    const seen = recordAuth();
    await createCommerceClient({ baseUrl: BASE, storage: storageWith({ refreshToken: 'r1' }) }).GET('/users/me');
    expect(seen).toEqual(['Bearer']);
  });
});

describe('defaults', () => {
  it('uses localStorage when it works', async () => {
    const seen = recordAuth();
    vi.stubGlobal('localStorage', storageWith({ accessToken: 'from-local-storage' }));
    await createCommerceClient({ baseUrl: BASE }).GET('/users/me');
    expect(seen).toEqual(['Bearer from-local-storage']);
  });

  it('falls back to memory when localStorage is blocked (every access throws)', async () => {
    const seen = recordAuth();
    const fail = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: fail, setItem: fail, removeItem: fail });
    await createCommerceClient({ baseUrl: BASE }).GET('/users/me');
    expect(seen).toEqual(['Bearer']);
  });

  it('looks globalThis.fetch up per request, so a fetch installed after creation is used', async () => {
    const api = createCommerceClient({ baseUrl: BASE, storage: memoryStorage() });
    const fetch = vi.fn((_: Request) => Promise.resolve(Response.json({ id: 'late' })));
    vi.stubGlobal('fetch', fetch);
    const { data } = await api.GET('/orders/{id}', { params: { path: { id: 'o1' } } });
    expect(data).toEqual({ id: 'late' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('rejects with ApiError, not a resolved { error }', async () => {
    server.use(http.get(`${BASE}/users/me`, () => HttpResponse.json({ code: 'NOPE' }, { status: 403 })));
    await expect(client(memoryStorage()).api.GET('/users/me')).rejects.toBeInstanceOf(ApiError);
  });
});
