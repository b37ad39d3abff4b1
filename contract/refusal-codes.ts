/**
 * Every reason the content server gives for refusing a staff request (ADR 033). An error answer carries
 * one of these as `code` (and `params` such as a count or a limit) beside `field`; the editor and the hub turn it
 * into a sentence in the staff's language (src/staff/refusal-texts.ts), so `message` stays the English text for API
 * users. A code is added here first: the site's text table is typed by this list and tested against it.
 */
export const refusalCodes = [
  // The fallback of each kind of refusal, when no more precise code applies.
  'invalid',
  'not_found',
  'conflict',
  'forbidden',
  'gone',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'route_not_found',
  'malformed_request',
  // 507: the server has no room for more (the space for visitors' uploads, ADR 064).
  'storage_full',

  // Checks of the input's form (the schemas, the input guard).
  'required',
  'unknown_field',
  'not_allowed_value',
  'invalid_format',
  'too_long',
  'too_short',
  'too_small',
  'too_big',
  'not_a_number',
  'not_a_whole_number',
  'not_text',
  'not_yes_no',
  'not_a_list',
  'too_many_items',
  'too_few_items',
  'invalid_email',
  'invalid_datetime',
  'invalid_date',
  'invalid_slug',
  'invalid_path',
  'invalid_link',
  'invalid_season',
  'control_character',
  'nested_too_deeply',

  // Content rules.
  'media_missing',
  'reference_missing',
  // The link module's fallback address beside a typed link, where it would never be used (ADR 062).
  'fallback_without_pick',
  'embed_host_not_allowed',
  'invalid_anchor',
  'column_out_of_range',
  'end_before_start',
  'postponed_needs_status',
  'postponed_not_later',
  'duplicate_entry',
  'slug_taken',
  'path_taken',
  'email_taken',
  'username_taken',
  'reserved_path',
  'redirect_exists',
  'redirect_chain',
  'redirect_to_itself',
  // Redirect records with placeholders and splats (ADR 063).
  'redirect_pattern',
  'redirect_too_wide',
  'redirect_leaves_site',
  'redirect_loop',
  'parent_invalid',
  'type_fixed',
  'wrong_status',
  'choices_missing',
  'not_for_field_type',
  'max_below_min',
  'default_not_allowed',
  'default_required',
  // Scheduled publishing (ADR 035).
  'schedule_in_past',
  'schedule_offline_before_online',
  'schedule_already_online',
  'schedule_already_offline',

  // Deletes blocked by what depends on the record.
  'in_use',
  'category_not_empty',
  'page_has_children',
  'page_is_home',
  'page_in_navigation',
  'page_in_settings',
  'form_has_entries',
  'own_account',

  // Deleting and moving pages in the tree (ADR 036).
  'subpages_changed',
  'home_not_movable',
  'page_move_cycle',

  // Uploads.
  'upload_missing',
  'upload_empty',
  'upload_too_large',
  'upload_wrong_type',
  'upload_too_many_pixels',
  'upload_incomplete',
  'upload_one_file',

  // Login, session and permission.
  'login_failed',
  'login_throttled',
  'account_disabled',
  'password_too_short',
  'session_expired',
  'csrf_failed',
  'admin_only',

  // Concurrent edits.
  'stale_save',

  // A language started from the other's sections (ADR 083).
  'translation_not_empty',
  'translation_source_empty',

  // A page copied as a new page (ADR 088).
  'page_copy_language_missing',
  'page_copy_parent_language',
] as const;

export type RefusalCode = (typeof refusalCodes)[number];

/** Values a refusal's sentence may need: a count, a limit, a number of seconds, a name. */
export type RefusalParams = Record<string, string | number>;

const known = new Set<string>(refusalCodes);

export const isRefusalCode = (value: unknown): value is RefusalCode => typeof value === 'string' && known.has(value);
