// The backup format's code lives with the server (it takes online backups too):
// server/services/respaldos/sql-dump.ts. Re-exported for the scripts and their tests.
export * from "../server/services/respaldos/sql-dump";
