import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { sendError } from '../errors';
import { PAGE_FRAME_HEADERS } from '../pages/routes';

// A Map, not an object literal: `__proto__`, `constructor` or `toString` must not look like an asset.
const ASSETS = new Map<string, string>([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vote API v1 mock: reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" href="/docs/assets/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  persistAuthorization: true,
});`;

/** `GET /docs`: Swagger UI served from the `swagger-ui-dist` package, so it works offline (no CDN). */
export function createDocsRoutes(): Hono {
  const app = new Hono();
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const cache = new Map<string, Buffer>();

  app.get('/docs', (c) => c.html(PAGE, 200, PAGE_FRAME_HEADERS));
  // One route for every asset (init.js included): a static path beside the `:file` one would make Hono fall back
  // from its RegExpRouter to the slower TrieRouter for the whole mock.
  app.get('/docs/assets/:file', (c) => {
    const file = c.req.param('file');
    if (file === 'init.js') return c.body(INIT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
    const type = ASSETS.get(file);
    if (!type)
      return sendError(
        c,
        404,
        'not_found',
        `no documentation asset named ${JSON.stringify(file.slice(0, 80))}`,
      );
    let data = cache.get(file);
    if (!data) {
      data = readFileSync(join(root, file));
      cache.set(file, data);
    }
    return c.body(new Uint8Array(data), 200, {
      'content-type': type,
      'cache-control': 'public, max-age=86400',
    });
  });
  return app;
}
