/**
 * How long form entries are kept (ADR 060): the server deletes an entry, with the files the visitor sent with it,
 * this many days after it arrived; the hub says so beside the entries. Shared so the hub's sentence and the
 * server's sweep cannot disagree.
 */
export const FORM_ENTRY_RETENTION_DAYS = 365;
