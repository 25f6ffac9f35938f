// The company's data as first shipped: migration 0005 seeds the `empresa` row with these
// values, and from then on they are edited in Administración → Empresa (api/empresa),
// which is what every PDF prints. The trade name also names the company as installer.
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

// ---------------------------------------------------------------- Workshop installers

/**
 * The installer of a workshop UTV record is chosen from this fixed list of six
 * (specification section 9): five people or the company itself, plus "Retiro en planta"
 * (the client collects the windows at the plant). Installer choices are not user roles.
 * Placeholders for the people: replace them with the workshop's real installers.
 */
export const INSTALADOR_EMPRESA = EMPRESA.nombreFantasia;
export const INSTALADOR_RETIRO_EN_PLANTA = "Retiro en planta";

export const INSTALADORES = [
  INSTALADOR_EMPRESA,
  "Juan Carlos Muñoz",
  "Luis Alberto Contreras",
  "Pedro Soto Valenzuela",
  "Marcelo Rojas Fuentes",
  INSTALADOR_RETIRO_EN_PLANTA,
] as const;

export type Instalador = (typeof INSTALADORES)[number];
