-- ventanal_ingreso_reservar: live text (last defined by migration 0030_login_throttle_functions).
--
-- Check-and-reserve: 0 when the attempt is reserved on every key, else the wait in ms
-- (nothing reserved).
CREATE OR REPLACE FUNCTION public.ventanal_ingreso_reservar(claves text[], ahora bigint, libres integer, base bigint, tope bigint, ventana bigint, vigencia bigint)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  filas intentos_ingreso[];
  espera bigint;
BEGIN
  filas := ARRAY(SELECT f FROM ventanal_ingreso_filas(claves, ahora, ventana) f);
  SELECT coalesce(max(CASE
      WHEN f.bloqueado_hasta > ahora THEN f.bloqueado_hasta - ahora
      -- Every allowed try is in flight: if they all fail, this is the wait they leave.
      WHEN f.en_curso >= greatest(1, libres - f.fallos) THEN ventanal_ingreso_demora(f.fallos + f.en_curso, libres, base, tope)
      ELSE 0 END), 0)
    INTO espera FROM unnest(filas) f;
  IF espera > 0 THEN
    RETURN espera;
  END IF;
  UPDATE intentos_ingreso t
    SET fallos = f.fallos, ultimo_fallo = f.ultimo_fallo, bloqueado_hasta = f.bloqueado_hasta, en_curso = f.en_curso + 1, en_curso_hasta = ahora + vigencia
    FROM unnest(filas) f WHERE t.clave = f.clave;
  RETURN 0;
END;
$function$;
