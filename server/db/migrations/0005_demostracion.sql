CREATE TABLE "demostracion" (
	"marca" text PRIMARY KEY NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
