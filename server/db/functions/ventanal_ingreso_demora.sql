-- ventanal_ingreso_demora: live text (last defined by migration 0030_login_throttle_functions).
--
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
CREATE OR REPLACE FUNCTION public.ventanal_ingreso_demora(n integer, libres integer, base bigint, tope bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN n < libres THEN 0 ELSE least(tope::float8, base * power(2::float8, n - libres))::bigint END;
$function$;
