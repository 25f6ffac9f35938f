// The colour of an invoice's displayed state (Pagado, Vencida, Contado, Vigente), shared
// by the invoice screens.
export const estadoColor = (estado: string): "green" | "red" | "blue" | "gold" =>
  estado === "Pagado" ? "green" : estado === "Vencida" ? "red" : estado === "Contado" ? "blue" : "gold";
