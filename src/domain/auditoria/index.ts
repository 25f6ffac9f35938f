export * from "./auditoria";
