// File names of generated files (PDF, Excel). Pure: no react-pdf here, so screens can import it
// without pulling the PDF library into their chunk.

/**
 * Text → a safe file-name part: accents removed (Peñalolén → Penalolen), anything but
 * letters, digits, "-" and "." becomes "_", repeated "_" collapsed, trimmed, at most
 * `max` characters. Empty input gives `fallback`.
 */
export function fileNamePart(text: string | number | null | undefined, fallback = "sin_nombre", max = 60): string {
  const cleaned = String(text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9.-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_.-]+|[_.-]+$/g, "")
    .slice(0, max)
    .replace(/[_.-]+$/g, "");
  return cleaned === "" ? fallback : cleaned;
}

/** `Presupuesto_{numero}_{cliente}.pdf` (spec brief), both parts sanitised. */
export function quotePdfFileName(numero: string | number | null | undefined, cliente: string | null | undefined): string {
  return `Presupuesto_${fileNamePart(numero, "sin_numero", 30)}_${fileNamePart(cliente, "cliente")}.pdf`;
}
