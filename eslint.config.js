import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "server/db/migrations/**", "test-results/**", "screenshots/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The web app and the domain never reach into the server.
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**", "../server/*", "../../server/*", "../../../server/*"], message: "src/ no debe importar server/." }] }],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      // Pure business rules: no I/O, no database.
      "no-restricted-imports": ["error", { patterns: [
        { group: ["**/server/**"], message: "src/ no debe importar server/." },
        { group: ["drizzle-orm*", "pg", "axios", "node:*", "fs", "react", "antd"], message: "src/domain es puro: sin E/S ni UI." },
      ] }],
    },
  },
);
