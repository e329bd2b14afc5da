import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite build` is the production app (no mock in it); `vite build --mode development` keeps the in-browser
// mock and its "mine a block" button, for the browser test and for trying the app without the real API.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // Only development serves msw's worker script (`msw init dev-public`): production ships no mock at all.
  publicDir: mode === 'development' ? 'dev-public' : false,
  build: {
    outDir: mode === 'development' ? 'dist-dev' : 'dist',
    // The development build carries the mock's world generator and request validation.
    chunkSizeWarningLimit: mode === 'development' ? 1024 : 500,
  },
}));
