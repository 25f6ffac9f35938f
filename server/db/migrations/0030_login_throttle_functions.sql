-- The sign-in throttle's rules (server/services/auth/throttle.ts) run in the database: a
-- check-and-reserve and an attempt's end are each one call, so each is one statement of a
-- sign-in (no transaction of its own to open and close, nothing sent back and forth in
-- between). Both take every key's row (a missing one inserted first) and lock them in key
-- order, so two sign-ins on the same keys, on any process, take turns.
--
-- The rules: after `libres` failures within `ventana` ms each further try waits
-- `base` · 2^(failures − libres) ms, at most `tope`. While under the free attempts at
-- most the remaining free ones may be in flight; past them one at a time once the wait is
-- over. A reserved attempt is forgotten after `vigencia` ms (its process died).

-- The wait left by the n-th failure (0 within the free attempts).
CREATE OR REPLACE FUNCTION ventanal_ingreso_demora(n int, libres int, base bigint, tope bigint) RETURNS bigint AS $$
  SELECT CASE WHEN n < libres THEN 0 ELSE least(tope::float8, base * power(2::float8, n - libres))::bigint END;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Every key's row locked in key order, with what has expired forgotten: failures once the
-- window has passed (and nothing blocks), reservations once their time is over.
CREATE OR REPLACE FUNCTION ventanal_ingreso_filas(claves text[], ahora bigint, ventana bigint) RETURNS SETOF intentos_ingreso AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Check-and-reserve: 0 when the attempt is reserved on every key, else the wait in ms
-- (nothing reserved).
CREATE OR REPLACE FUNCTION ventanal_ingreso_reservar(claves text[], ahora bigint, libres int, base bigint, tope bigint, ventana bigint, vigencia bigint) RETURNS bigint AS $$
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
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An attempt's end: no longer in flight on every key; `fallo` counts a failure on every key
-- (blocking past the free attempts); a success clears the failures of the keys in
-- `limpiar` (the account's, not the address's). A cancelled attempt is neither.
CREATE OR REPLACE FUNCTION ventanal_ingreso_terminar(claves text[], ahora bigint, fallo boolean, limpiar text[], libres int, base bigint, tope bigint, ventana bigint) RETURNS void AS $$
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
$$ LANGUAGE plpgsql;
