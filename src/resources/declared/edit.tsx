export { DeclaredEdit as default } from "./form";
