import 'i18next';

// Our i18next is initialised with returnNull: false (gatsby-config.ts), so t() always gives a string.
declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false;
  }
}
