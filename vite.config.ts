import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { criticalRulesPlugin } from '#app/ssr/critical-rules-plugin.ts';

export default defineConfig({
  // The site stylesheet's rules for the critical CSS of each page, read once here (app/ssr/critical-rules.ts).
  plugins: [reactRouter(), criticalRulesPlugin()],
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses Sass features that newer Sass deprecates; its warnings are not ours.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: { assetsInlineLimit: 2048 },
});
