/**
 * An HTML form's body as plugins/form-bodies.ts reads it (ADR 071): a record without a prototype, a name sent twice
 * a list in sent order. Here, below the plugin, so the services that answer such a form (the configurable forms'
 * answer pages) take its shape without importing the HTTP side (docs/architecture.md).
 */
export type FormBody = Record<string, string | string[]>;
