// What a declared resource's custom behaviour may do (server/resources/register.ts runs the
// hooks; server/resources/index.ts names each resource's): the services that implement hooks
// (usuarios/hooks.ts, operations/factura-hooks.ts) import this type from beside them, not
// from the registrar above them.
import type { SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ListField } from "../lists";
import type { ServiceContext, Tx } from "./write";

/** A row; `id` is absent when the resource declares a key (hooks of such a resource read the key). */
export type ResourceRow = Record<string, unknown> & { id: number };
/** A body, as parsed by the declaration's schema. */
export type ResourceData = Record<string, unknown>;
type Row = ResourceRow;
type Data = ResourceData;
/** A record's id, or its declared key (a product's código). */
type Key = number | string;

/**
 * Custom behaviour of one resource. In order, for a POST or PUT: `prepare` (before the
 * transaction: slow work such as hashing a password), then inside the write's transaction
 * `lock`, the stored row read (PUT), `validate`, `beforeWrite`, the write, `afterWrite`, the
 * audit row (`audit` shapes it). A PUT that changes nothing writes nothing and calls no hook
 * after `lock`. A DELETE: `lock`, the row read, `beforeDelete`, the delete, `afterWrite`, the audit.
 */
export interface ResourceHooks {
  /** Before the transaction: returns the data to write (a password replaced by its hash); `id` null on POST. */
  prepare?(data: Data, ctx: ServiceContext, id: Key | null): Promise<Data>;
  /** First thing in the transaction (`data` null on DELETE): locks that make a rule over several rows take turns. */
  lock?(tx: Tx, data: Data | null, ctx: ServiceContext): Promise<void>;
  /** Checks beyond the fields' own (throw badRequest/conflict); `before` is the stored row on PUT. */
  validate?(tx: Tx, data: Data, before: Row | null, ctx: ServiceContext): Promise<void>;
  /** Changes the data to store. */
  beforeWrite?(tx: Tx, data: Data, before: Row | null, ctx: ServiceContext): Promise<Data>;
  /** After the row is written, before its audit row (same transaction); `row` is null after a delete. What it returns is added to the audit row. */
  afterWrite?(tx: Tx, row: Row | null, before: Row | null, ctx: ServiceContext, data: Data | null): Promise<Data | void>;
  /** Before a delete (e.g. refuse removing the last administrator). */
  beforeDelete?(tx: Tx, before: Row, ctx: ServiceContext): Promise<void>;
  /** The SQL of each computed column the declaration does not take `from` a reference (e.g. a stock figure). */
  computed?: (table: PgTable) => Record<string, SQL>;
  /**
   * A computed column's filter as conditions an index can serve instead of comparing its
   * expression (an invoice's estado_calculado = Vencida: not paid, on credit, due before
   * today); also used by a field that filters on it (`filterOn`). See ListField.where.
   */
  computedFilters?: (table: PgTable) => Record<string, NonNullable<ListField["where"]>>;
  /**
   * A field's list filter of its own, replacing the one its declaration gives: an invoice's
   * `estado_pago=` filters on its computed state (`computed`: the computed columns' SQL), read
   * by a parser of its own ("Pendiente" is Vencida).
   */
  listFilters?: (computed: Record<string, SQL>) => Record<string, Partial<ListField>>;
  /** The audit row's changes of a POST or PUT (default: the stored fields; on PUT `changedFields`). */
  audit?(row: Row, before: Row | null, data: Data): Data;
  /** A database refusal the fields do not name (a unique index over several columns) as the API's error; undefined: the default mapping. */
  refusal?(err: unknown, data: Data): unknown;
}
