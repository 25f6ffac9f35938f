-- Works that existed before etapa_fecha: the Santiago day of their last stage change in the
-- audit, else the day their quote was created.
UPDATE "seguimiento_obras" s
SET "etapa_fecha" = (coalesce(
  (SELECT max(a."fecha") FROM "auditoria" a
    WHERE a."entidad" = 'seguimiento_obras' AND a."entidad_id" = s."id"::text
      AND a."cambios" ?| array['presupuesto','rectificacion','accesorios','gomas_cepillos','herraje','perfiles','refuerzos','tornillos','vidrio','planilla_corte','fabricacion','acopio','despacho','instalacion','recepcion_final','pago']),
  p."creado_en"
) AT TIME ZONE 'America/Santiago')::date
FROM "presupuestos" p
WHERE p."id" = s."presupuesto_id";
