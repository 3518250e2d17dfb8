import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/web',
  publicDir: path.resolve('src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@shared': path.resolve('src/shared'), '@web': path.resolve('src/web') },
  },
  build: {
    outDir: path.resolve(process.env.BUILD_DIR ?? 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
      '/livez': 'http://localhost:5000',
    },
  },
});
