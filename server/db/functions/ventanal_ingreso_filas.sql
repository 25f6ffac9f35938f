-- ventanal_ingreso_filas: live text (last defined by migration 0030_login_throttle_functions).
--
-- Every key's row locked in key order, with what has expired forgotten: failures once the
-- window has passed (and nothing blocks), reservations once their time is over.
CREATE OR REPLACE FUNCTION public.ventanal_ingreso_filas(claves text[], ahora bigint, ventana bigint)
 RETURNS SETOF intentos_ingreso
 LANGUAGE plpgsql
AS $function$
DECLARE e intentos_ingreso;
BEGIN
  INSERT INTO intentos_ingreso (clave, ultimo_fallo)
    SELECT k, ahora FROM unnest(claves) AS k ORDER BY k
    ON CONFLICT (clave) DO NOTHING;
  FOR e IN SELECT * FROM intentos_ingreso WHERE clave = ANY (claves) ORDER BY clave FOR UPDATE LOOP
    IF ahora - e.ultimo_fallo > ventana AND e.bloqueado_hasta <= ahora THEN
      e.fallos := 0;
      e.ultimo_fallo := ahora;
      e.bloqueado_hasta := 0;
    END IF;
    IF e.en_curso > 0 AND e.en_curso_hasta < ahora THEN
      e.en_curso := 0;
    END IF;
    RETURN NEXT e;
  END LOOP;
END;
$function$;
