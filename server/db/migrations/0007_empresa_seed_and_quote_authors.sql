-- The company's single row, with the values that lived in src/config/empresa.ts until now
-- (placeholders to be replaced from Administración → Empresa before going live).
INSERT INTO "empresa" ("id", "nombre", "nombre_fantasia", "giro", "rut", "direccion", "telefono", "correo", "correo_compras", "sitio_web",
  "banco", "tipo_cuenta", "numero_cuenta", "correo_transferencias", "validez_oferta_dias", "forma_pago", "plazo_entrega", "plazo_entrega_oc")
VALUES (1, 'Ventanal Aluminio y PVC SpA', 'Ventanal', 'Fabricación e instalación de ventanas de aluminio, PVC y termopaneles', '76.543.210-3',
  'Av. Las Industrias 1450, Quilicura, Santiago', '+56 2 2948 3100', 'ventas@ventanal.cl', 'compras@ventanal.cl', 'www.ventanal.cl',
  'Banco de Chile', 'Cuenta corriente', '00-123-45678-09', 'pagos@ventanal.cl', 15,
  '50 % de anticipo al aceptar el presupuesto; 50 % contra entrega e instalación.',
  '20 días hábiles desde la aceptación y el pago del anticipo.',
  'Según lo acordado con Adquisiciones; informar cualquier atraso antes de la fecha comprometida.')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Who made each existing quote: the user of its creation's audit row (POST api/presupuestos).
UPDATE "presupuestos" p SET "creado_por" = a."usuario_id"
FROM (
  SELECT DISTINCT ON ("entidad_id") "entidad_id", "usuario_id"
  FROM "auditoria"
  WHERE "entidad" = 'presupuestos' AND "ruta" LIKE 'POST %' AND "usuario_id" IS NOT NULL
  ORDER BY "entidad_id", "id"
) a
WHERE a."entidad_id" = p."id"::text AND p."creado_por" IS NULL
  AND EXISTS (SELECT 1 FROM "usuarios" u WHERE u."id" = a."usuario_id");
