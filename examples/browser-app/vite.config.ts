import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    // The in-browser mock (its seeded world generator and request validation) is most of the bundle;
    // the app's own code is a few kilobytes. A real app would load the mock only in development.
    chunkSizeWarningLimit: 1024,
  },
});
