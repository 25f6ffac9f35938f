// The workshop's query keys (src/data/query.ts).

export const workshopKeys = {
  /** A month's roster (Asistencia Trabajadores; the workshop's pay reads it too). */
  roster: (periodo?: string) => (periodo === undefined ? ["trabajadores"] : ["trabajadores", periodo]),
  /** A month's UTV, thermal panels, installations and roster (Seguimiento UTV). */
  month: (periodo?: string) => (periodo === undefined ? ["taller"] : ["taller", periodo]),
};
