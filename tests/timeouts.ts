// Tests that start the server or a script in child processes (tsx, PGlite's WebAssembly, an
// initdb): 10–30 s on a quiet 2-core machine, several times that when the machine is busy.
// Their own timeout, so a loaded run is slow rather than failed.
export const CHILD_PROCESS_TIMEOUT_MS = 180_000;
