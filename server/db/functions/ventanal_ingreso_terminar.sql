-- ventanal_ingreso_terminar: live text (last defined by migration 0030_login_throttle_functions).
--
-- An attempt's end: no longer in flight on every key; `fallo` counts a failure on every key
-- (blocking past the free attempts); a success clears the failures of the keys in
-- `limpiar` (the account's, not the address's). A cancelled attempt is neither.
CREATE OR REPLACE FUNCTION public.ventanal_ingreso_terminar(claves text[], ahora bigint, fallo boolean, limpiar text[], libres integer, base bigint, tope bigint, ventana bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE filas intentos_ingreso[];
BEGIN
  filas := ARRAY(SELECT f FROM ventanal_ingreso_filas(claves, ahora, ventana) f);
  UPDATE intentos_ingreso t
    SET fallos = CASE WHEN fallo THEN f.fallos + 1 WHEN f.clave = ANY (limpiar) THEN 0 ELSE f.fallos END,
        ultimo_fallo = CASE WHEN fallo THEN ahora ELSE f.ultimo_fallo END,
        bloqueado_hasta = CASE
          WHEN fallo AND f.fallos + 1 >= libres THEN ahora + ventanal_ingreso_demora(f.fallos + 1, libres, base, tope)
          WHEN f.clave = ANY (limpiar) THEN 0
          ELSE f.bloqueado_hasta END,
        en_curso = greatest(0, f.en_curso - 1),
        en_curso_hasta = f.en_curso_hasta
    FROM unnest(filas) f WHERE t.clave = f.clave;
END;
$function$;
