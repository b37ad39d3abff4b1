export { pluginOptionsSchema } from './src/plugin-options';
export { createSchemaCustomization } from './src/create-schema-customization';
export { onPreInit, sourceNodes } from './src/source-nodes';
export { createPages } from './src/create-redirects';
