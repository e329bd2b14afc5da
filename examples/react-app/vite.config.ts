import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `vite build` is the production app (no mock in it); `vite build --mode development` keeps the in-browser
// mock and its "mine a block" button, for the browser test and for trying the app without the real API.
export default defineConfig(({ mode }) => ({
  plugins: [react(), mswWorkerScript()],
  publicDir: false,
  build: {
    outDir: mode === 'development' ? 'dist-dev' : 'dist',
    // The development build carries the mock's world generator and request validation.
    chunkSizeWarningLimit: mode === 'development' ? 1024 : 500,
  },
}));

/**
 * msw's worker script at `/mockServiceWorker.js`, in development only: served by the dev server and emitted
 * into the development build, straight from the installed msw, so it always matches msw's version and no
 * copy (`msw init`) lives in the source tree. Production ships no worker at all.
 */
function mswWorkerScript(): Plugin {
  const script = () =>
    readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  return {
    name: 'msw-worker-script',
    apply: (_config, { mode }) => mode === 'development',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(script());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: script() });
    },
  };
}
