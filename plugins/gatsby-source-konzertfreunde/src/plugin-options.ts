import type { GatsbyNode, PluginOptions } from 'gatsby';

export interface SourceOptions extends PluginOptions {
  apiUrl: string;
  timeoutMs: number;
}

export const pluginOptionsSchema: GatsbyNode['pluginOptionsSchema'] = ({ Joi }) =>
  Joi.object({
    apiUrl: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .default('http://127.0.0.1:8000')
      .description('Base URL of the content server whose /api/sync feed is sourced (CONTENT_API_URL).'),
    timeoutMs: Joi.number()
      .integer()
      .min(1000)
      .default(60000)
      .description('How long one request to the content server may take before the build fails.'),
  });
