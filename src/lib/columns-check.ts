/**
 * The check of a container's `columns` JSON against the contract's container schema, for the build's server
 * render only (page-data.ts loads it there and nowhere else: TypeBox and the schemas stay out of visitors' scripts).
 */
import { Check } from '@sinclair/typebox/value';
import { ContainerSchema } from '../../contract/schemas/content';

export const columnsMatchContract = (columns: unknown): columns is typeof ContainerSchema.static.columns =>
  Check(ContainerSchema.properties.columns, columns);
