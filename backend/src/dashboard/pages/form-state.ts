/** What a re-rendered form shows: the values sent, a message per field, and one for the form. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

export const emptyForm = (values: Record<string, string> = {}): FormState => ({ values, errors: {} });
