// RCV files as the SII's site exports them (Registro de Compras, one month): the header line
// with every column the SII writes, semicolons, dd/mm/yyyy dates, the reception with its
// time. Shared by the unit, API, browser tests and the bench.
import { latin1 } from "./dte.fixtures";

/** The header the SII writes for the purchase registers, in its order. */
export const RCV_HEADER =
  "Nro;Tipo Doc;Tipo Compra;RUT Proveedor;Razon Social;Folio;Fecha Docto;Fecha Recepcion;Fecha Acuse;Monto Exento;Monto Neto;Monto IVA Recuperable;Monto Iva No Recuperable;Codigo IVA No Rec.;Monto Total;Monto Neto Activo Fijo;IVA Activo Fijo;IVA uso Comun;Impto. Sin Derecho a Credito;IVA No Retenido;Tabacos Puros;Tabacos Cigarrillos;Tabacos Elaborados;NCE o NDE sobre Fact. de Compra;Codigo Otro Impuesto;Valor Otro Impuesto;Tasa Otro Impuesto";

export interface RcvRowSpec {
  tipo?: number;
  rut: string;
  razon: string;
  folio: number | string;
  /** ISO dates. */
  fecha: string;
  recepcion?: string | null;
  acuse?: string | null;
  exento?: number;
  neto?: number;
  iva?: number;
  ivaNoRec?: number;
  total: number;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The lines of a register: header then one line a row ("Del Giro", reception at 10:14:55). */
export function rcvCsv(rows: RcvRowSpec[], opts: { dots?: boolean } = {}): string {
  const amount = (n: number | undefined) => (opts.dots ? (n ?? 0).toLocaleString("es-CL") : String(n ?? 0));
  const lines = rows.map((r, i) =>
    [
      i + 1,
      r.tipo ?? 33,
      "Del Giro",
      r.rut,
      r.razon,
      r.folio,
      dmy(r.fecha),
      r.recepcion === null ? "" : `${dmy(r.recepcion ?? r.fecha)} 10:14:55`,
      r.acuse ? `${dmy(r.acuse)} 09:00:00` : "",
      amount(r.exento),
      amount(r.neto),
      amount(r.iva),
      amount(r.ivaNoRec),
      "",
      amount(r.total),
      "", "", "", "0", "0", "0", "0", "0", "0", "", "", "",
    ].join(";"),
  );
  return [RCV_HEADER, ...lines].join("\r\n") + "\r\n";
}

/** ISO-8859-1 bytes, as the SII's download. */
export const rcvLatin1 = (rows: RcvRowSpec[], opts?: { dots?: boolean }) => latin1(rcvCsv(rows, opts));
/** UTF-8 with a BOM, as a spreadsheet saves it again. */
export const rcvUtf8Bom = (rows: RcvRowSpec[], opts?: { dots?: boolean }) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(rcvCsv(rows, opts))]);
