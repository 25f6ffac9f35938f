// The issuing company's data printed on PDFs (quotes now, purchase orders later).
// Placeholders: replace with the company's real data before going live.
export const EMPRESA = {
  /** Legal name (razón social). */
  nombre: "Ventanal Aluminio y PVC SpA",
  /** Short trade name for headers and footers. */
  nombreFantasia: "Ventanal",
  /** Line of business (giro). */
  giro: "Fabricación e instalación de ventanas de aluminio, PVC y termopaneles",
  /** Tax id (RUT), normal form. */
  rut: "76.543.210-3",
  direccion: "Av. Las Industrias 1450, Quilicura, Santiago",
  telefono: "+56 2 2948 3100",
  /** General contact e-mail (quotes). */
  correo: "ventas@ventanal.cl",
  /** Purchasing e-mail printed in the purchase-order PDF header (spec 9). */
  correoCompras: "compras@ventanal.cl",
  sitioWeb: "www.ventanal.cl",
} as const;

export type Empresa = typeof EMPRESA;
