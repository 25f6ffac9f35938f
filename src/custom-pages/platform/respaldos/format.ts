// How the Respaldos screen writes sizes and ages (es-CL).
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toLocaleString("es-CL", { maximumFractionDigits: 1 })} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toLocaleString("es-CL", { maximumFractionDigits: 1 })} MB`;
  return `${(n / 1024 ** 3).toLocaleString("es-CL", { maximumFractionDigits: 2 })} GB`;
}

export function formatAge(fecha: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(fecha).getTime()) / 60_000));
  if (minutes < 1) return "hace menos de un minuto";
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.floor(hours / 24)} días`;
}
