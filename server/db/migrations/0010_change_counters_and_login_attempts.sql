CREATE TABLE "cambios_tabla" (
	"tabla" text NOT NULL,
	"sesion" integer NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cambios_tabla_tabla_sesion_pk" PRIMARY KEY("tabla","sesion")
);
--> statement-breakpoint
CREATE TABLE "intentos_ingreso" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" bigint NOT NULL,
	"bloqueado_hasta" bigint DEFAULT 0 NOT NULL,
	"en_curso" integer DEFAULT 0 NOT NULL,
	"en_curso_hasta" bigint DEFAULT 0 NOT NULL
);
