import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The web app is served by the Fastify server from dist/ (see server/app.ts).
// In development `npm run dev` proxies /api to a running server on :3000.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
