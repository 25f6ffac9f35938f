export { DeclaredCreate as default } from "./form";
