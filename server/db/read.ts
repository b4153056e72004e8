import type { z } from 'zod';
import { ZGenerationParams, type TypedParams } from '../../shared/schemas/generations';
import type { Generation } from './types';
import { ZCutoutReasons, ZEmailAttachments, ZProviderInputs, ZStoredOutputs } from './json-columns';

/**
 * A JSON column's value as it leaves the database, parsed by the schema of what the column stores.
 * The drivers hand jsonb back parsed (pg, PGlite); a value stored as a JSON string (older writes
 * through a text parameter) is parsed first. A value that does not match is a bug in whatever wrote
 * it: it fails loudly here, naming the column, instead of travelling on as a cast.
 */
export function readJson<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> {
  const parsed = schema.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  if (!parsed.success) throw new Error(`${column}: the stored value does not match its schema (${parsed.error.message})`);
  return parsed.data;
}

/** The same for a nullable column: null stays null. */
export function readJsonOrNull<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> | null {
  return value == null ? null : readJson(schema, value, column);
}

/**
 * A generation row's parameters with its kind, or `parameters: null` (`isErased`) for a row account deletion has emptied
 * (`parameters = {}`: the prompt was personal data; docs/decisions.md D32). Every reader of
 * `generations.parameters` goes through here and decides what an erased row means to it.
 */
export type ErasedParams = { type: Generation['type']; parameters: null };
export type RowParams = TypedParams | ErasedParams;

export function rowParams(g: Pick<Generation, 'type' | 'parameters'>): RowParams {
  const raw: unknown = typeof g.parameters === 'string' ? JSON.parse(g.parameters) : g.parameters;
  if (raw && typeof raw === 'object' && Object.keys(raw).length === 0) return { type: g.type, parameters: null };
  return readJson(ZGenerationParams, { type: g.type, parameters: raw }, 'generations.parameters');
}

export function isErased(p: RowParams): p is ErasedParams {
  return p.parameters === null;
}

/** A run's stored files (`generations.outputs`). */
export const readOutputs = (value: unknown) => readJson(ZStoredOutputs, value, 'generations.outputs');

/** The input files the provider holds for a run, or null (`generations.provider_inputs`). */
export const readProviderInputs = (value: unknown) => readJsonOrNull(ZProviderInputs, value, 'generations.provider_inputs');

/** The gate's findings on a cut-out (`cutouts.reasons`). */
export const readReasons = (value: unknown) => readJson(ZCutoutReasons, value, 'cutouts.reasons');

/** A message's attachments (`email_outbox.attachments`). */
export const readAttachments = (value: unknown) => readJson(ZEmailAttachments, value, 'email_outbox.attachments');
