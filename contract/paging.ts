/**
 * Items per page of every paged call (ADR 006: events, articles, search results, ticket ads): the server pages
 * by it, the site counts pages by it. A plain value in a file of its own, so the visitor's bundle takes it
 * without the schemas.
 */
export const pageSize = 12;
