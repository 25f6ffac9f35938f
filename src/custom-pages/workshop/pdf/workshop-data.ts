// What the workshop PDFs print: the period's records and roster (as the screens hold
// them). Pure and light: no react-pdf here.
import type { TermopanelRecordInput, UtvRecordInput } from "../../../domain/workshop/production";
import type { TrabajadorReparto } from "../../../domain/workshop/split";

export interface WorkshopPayData {
  periodo: string;
  utvs: readonly (UtvRecordInput & { fecha: string; nombre_pauta: string | null; numero_pauta: string | null; tipo: string })[];
  termopaneles: readonly (TermopanelRecordInput & { fecha: string; cliente: string | null; cantidad: number })[];
  trabajadores: readonly (TrabajadorReparto & { observacion?: string | null })[];
}
