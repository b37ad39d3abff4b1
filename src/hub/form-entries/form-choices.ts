import { hubApi } from '../api';
import { useHubRead } from '../use-hub-read';

export interface FormChoice {
  id: number;
  title: string;
}

/**
 * Every form, for the entries' form filter and their names in the list: the dashboard's call lists each form
 * (online or not, with its title in German); the public forms list would leave out the offline ones, whose
 * entries staff still read. Undefined while it is read.
 */
export function useFormChoices(): FormChoice[] | undefined {
  const [read] = useHubRead('form-choices', (signal) => hubApi.dashboard(signal));
  if (read.state === 'loading') return undefined;
  // Without the call the list still works, unfiltered.
  if (!read.result.ok || !Array.isArray(read.result.data.form_entries)) return [];
  return read.result.data.form_entries.map((form) => ({ id: form.form_id, title: form.title || form.slug }));
}
