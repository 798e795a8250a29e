import { describe, expect, it } from 'vitest';
import { createHarness } from './helpers';

describe('mock routing', () => {
  it("routes with Hono's RegExpRouter: no route makes the whole app fall back to the slower TrieRouter", async () => {
    const { app } = createHarness();
    // SmartRouter picks its router on the first request.
    expect((await app.request('/health')).status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });

  it('serves every documentation asset through the one :file route, init.js included', async () => {
    const { app } = createHarness();
    const init = await app.request('/docs/assets/init.js');
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await init.text()).toContain('openapi.json');
    expect((await app.request('/docs/assets/swagger-ui.css')).headers.get('content-type')).toContain(
      'text/css',
    );
    expect((await app.request('/docs/assets/nothing.js')).status).toBe(404);
  });
});
