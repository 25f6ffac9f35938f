// Realistic SII XML documents for tests (structure of EnvioDTE_v10.xsd / DTE_v10.xsd):
// one <DTE> or an <EnvioDTE> of several, as ISO-8859-1 bytes like the SII's files.
// Shared by the API and browser tests of the electronic invoice import.

export interface LineSpec {
  codigo?: string;
  nombre: string;
  qty?: number;
  precio?: number;
  monto: number;
  unidad?: string;
  exento?: boolean;
}
export interface DocSpec {
  tipo: number;
  folio: number | string;
  fecha?: string;
  rut?: string;
  razon?: string;
  /** RUTRecep: Empresa's RUT as seeded (76.543.210-3) unless given. */
  receptor?: string;
  neto?: number;
  exe?: number;
  iva?: number;
  total?: number | string;
  lines: LineSpec[];
  refs?: { tipo: string; folio: string; fecha?: string; cod?: number; razon?: string }[];
}

/** The receiver of the test documents: Empresa's RUT as the migrations seed it. */
export const RECEPTOR = "76543210-3";

export function dteXml(d: DocSpec): string {
  const rut = d.rut ?? "76086428-5";
  const receptor = d.receptor ?? RECEPTOR;
  const det = d.lines
    .map(
      (l, i) =>
        `<Detalle><NroLinDet>${i + 1}</NroLinDet>` +
        (l.codigo ? `<CdgItem><TpoCodigo>INT1</TpoCodigo><VlrCodigo>${l.codigo}</VlrCodigo></CdgItem>` : "") +
        (l.exento ? "<IndExe>1</IndExe>" : "") +
        `<NmbItem>${l.nombre}</NmbItem>` +
        (l.qty !== undefined ? `<QtyItem>${l.qty}</QtyItem><UnmdItem>${l.unidad ?? "UN"}</UnmdItem>` : "") +
        (l.precio !== undefined ? `<PrcItem>${l.precio}</PrcItem>` : "") +
        `<MontoItem>${l.monto}</MontoItem></Detalle>`,
    )
    .join("\n");
  const refs = (d.refs ?? [])
    .map(
      (r, i) =>
        `<Referencia><NroLinRef>${i + 1}</NroLinRef><TpoDocRef>${r.tipo}</TpoDocRef><FolioRef>${r.folio}</FolioRef><FchRef>${r.fecha ?? "2026-03-01"}</FchRef>` +
        (r.cod ? `<CodRef>${r.cod}</CodRef>` : "") +
        (r.razon ? `<RazonRef>${r.razon}</RazonRef>` : "") +
        `</Referencia>`,
    )
    .join("\n");
  const totals =
    (d.neto !== undefined ? `<MntNeto>${d.neto}</MntNeto>` : "") +
    (d.exe !== undefined ? `<MntExe>${d.exe}</MntExe>` : "") +
    (d.iva !== undefined ? `<TasaIVA>19</TasaIVA><IVA>${d.iva}</IVA>` : "") +
    (d.total !== undefined ? `<MntTotal>${d.total}</MntTotal>` : "");
  return `<DTE version="1.0">
<Documento ID="F${d.folio}T${d.tipo}">
<Encabezado>
<IdDoc><TipoDTE>${d.tipo}</TipoDTE><Folio>${d.folio}</Folio><FchEmis>${d.fecha ?? "2026-03-05"}</FchEmis>${d.tipo === 52 ? "<TipoDespacho>2</TipoDespacho><IndTraslado>1</IndTraslado>" : "<FmaPago>2</FmaPago><FchVenc>2026-04-04</FchVenc>"}</IdDoc>
<Emisor><RUTEmisor>${rut}</RUTEmisor><RznSoc>${d.razon ?? "Aluminios Peñalolén SpA"}</RznSoc><GiroEmis>Fabricación de perfiles de aluminio</GiroEmis><Acteco>251100</Acteco><DirOrigen>Av. Grecia 8735</DirOrigen><CmnaOrigen>Peñalolén</CmnaOrigen><CiudadOrigen>Santiago</CiudadOrigen></Emisor>
<Receptor><RUTRecep>${receptor}</RUTRecep><RznSocRecep>Ventanas Ñuble Ltda.</RznSocRecep><GiroRecep>Fabricación de ventanas</GiroRecep><DirRecep>Camino a Chillán 123</DirRecep><CmnaRecep>Chillán</CmnaRecep></Receptor>
<Totales>${totals}</Totales>
</Encabezado>
${det}
${refs}
<TED version="1.0"><DD><RE>${rut}</RE><TD>${d.tipo}</TD><F>${d.folio}</F><FE>2026-03-05</FE><RR>${receptor}</RR><RSR>Ventanas Ñuble</RSR><MNT>${d.total ?? 0}</MNT><IT1>${d.lines[0]?.nombre ?? ""}</IT1><CAF version="1.0"><DA><RE>${rut}</RE><RS>ALUMINIOS PEÑALOLÉN</RS><TD>${d.tipo}</TD><RNG><D>1</D><H>5000</H></RNG><FA>2026-01-02</FA><RSAPK><M>0a4O6Kbx8Qj3K4iWSP4w7KneZYeJ+g/prihYtIEolKt3cykSxl1zO8vSXu397QhTmsX7SBEudTUx++2zDXBhZw==</M><E>Aw==</E></RSAPK><IDK>100</IDK></DA><FRMA algoritmo="SHA1withRSA">g1AQX0sy8NJugX52k2hTJEZAE9Cuul6pqYBdFxj1N17umW7zG/hAavCALKByHzdYAfZ3LhGTXCai5zNxOo4lDQ==</FRMA></CAF><TSTED>2026-03-05T10:14:00</TSTED></DD><FRMT algoritmo="SHA1withRSA">GbmDcS9e/jVC2LsLIe1iRV12Bf6lxsILtbQiCkh6mbjckFCJ7fj/kakFTS06Jo8i</FRMT></TED>
<TmstFirma>2026-03-05T10:14:00</TmstFirma>
</Documento>
<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/><Reference URI="#F${d.folio}T${d.tipo}"><DigestValue>hlmQtu/AyjUjTDhM3852wvRCr8w=</DigestValue></Reference></SignedInfo><SignatureValue>JG1Ig0pvSIH85kIKGRZUjkyX6CNaY08Y94j4UegQgDe8+wXpKJKOd5L7uG3Q7dzkRvIc0F2eGiSQ97w2RfKqTw==</SignatureValue></Signature>
</DTE>`;
}

export function envio(dtes: string[]): string {
  return `<EnvioDTE xmlns="http://www.sii.cl/SiiDte" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sii.cl/SiiDte EnvioDTE_v10.xsd" version="1.0">
<SetDTE ID="SetDoc">
<Caratula version="1.0"><RutEmisor>76086428-5</RutEmisor><RutEnvia>12345678-5</RutEnvia><RutReceptor>${RECEPTOR}</RutReceptor><FchResol>2014-08-22</FchResol><NroResol>80</NroResol><TmstFirmaEnv>2026-03-05T10:15:00</TmstFirmaEnv><SubTotDTE><TpoDTE>33</TpoDTE><NroDTE>${dtes.length}</NroDTE></SubTotDTE></Caratula>
${dtes.join("\n")}
</SetDTE>
<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignatureValue>AAAA</SignatureValue></Signature>
</EnvioDTE>`;
}

export const withDecl = (body: string, encoding = "ISO-8859-1") => `<?xml version="1.0" encoding="${encoding}"?>\n${body}`;

/** Text → ISO-8859-1 bytes, as SII files are written. */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const c = ch.charCodeAt(0);
    if (c > 0xff) throw new Error(`not Latin-1: ${ch}`);
    return c;
  });
}

/**
 * An EnvioDTE of about `bytes` bytes (ISO-8859-1): invoices of 60 lines (the most a factura
 * carries) with consecutive folios from `firstFolio`, from the supplier `rut` (a valid RUT
 * no test supplier has, unless given). For size limits and load tests.
 */
export function largeEnvio(bytes: number, opts: { firstFolio?: number; rut?: string } = {}): Uint8Array {
  const lines: LineSpec[] = Array.from({ length: 60 }, (_, i) => ({ codigo: `P${1000 + i}`, nombre: `Perfil de aluminio serie ${20 + i} color titanio`, qty: 4, precio: 12500, monto: 50000 }));
  const docs: string[] = [];
  let size = 600;
  for (let folio = opts.firstFolio ?? 1; size < bytes; folio++) {
    const doc = dteXml({ tipo: 33, folio, rut: opts.rut ?? "11111111-1", razon: "Perfiles de Prueba Ltda.", neto: 3000000, iva: 570000, total: 3570000, lines });
    docs.push(doc);
    size += doc.length + 1;
  }
  return latin1(withDecl(envio(docs)));
}
