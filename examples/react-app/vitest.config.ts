import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    name: 'example-react-app',
    // Launching Chromium and registering the service worker takes seconds on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
