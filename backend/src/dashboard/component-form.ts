// The component form's fields and the verb's input, both ways (see monitor-form.ts for the idea): the
// name and description of every component, and a monitor component's auto-incident settings. Minutes
// are text read as a whole number here; every bound is the verb's (status-page.schemas.ts).
import type { ComponentField, ComponentInput } from '../status-pages/page-components.service';
import type { ComponentView } from '../status-pages/status-page.views';
import type { Form } from './dashboard-requests';

/** The fields of every component's form, as the verb names them. */
export const BASIC_COMPONENT_FIELDS = ['name', 'description'] as const;
/** And of a monitor component's. */
export const AUTO_INCIDENT_FIELDS = [
  'autoIncident',
  'autoIncidentAfterMinutes',
  'autoIncidentNotify',
  'autoIncidentTitle',
  'autoIncidentMessage',
  'autoResolve',
] as const;

export type ComponentFormField = (typeof BASIC_COMPONENT_FIELDS)[number] | (typeof AUTO_INCIDENT_FIELDS)[number];
export type ComponentFormValues = Partial<Record<ComponentFormField, string>>;

const CHECKED = 'on';

/** The fields the form of this component has (and the update mask it posts). */
export function componentFormFields(component: Pick<ComponentView, 'type'>): ComponentFormField[] {
  return component.type === 'monitor'
    ? [...BASIC_COMPONENT_FIELDS, ...AUTO_INCIDENT_FIELDS]
    : [...BASIC_COMPONENT_FIELDS];
}

export function componentFormValues(c: ComponentView): ComponentFormValues {
  return {
    name: c.name,
    description: c.description,
    autoIncident: c.autoIncident,
    autoIncidentAfterMinutes: String(c.autoIncidentAfterMinutes),
    autoIncidentNotify: c.autoIncidentNotify ? CHECKED : '',
    autoIncidentTitle: c.autoIncidentTitle,
    autoIncidentMessage: c.autoIncidentMessage,
    autoResolve: c.autoResolve ? CHECKED : '',
  };
}

/** The posted form as the verb's patch, for the fields this component's form has. */
export function parseComponentForm(
  component: Pick<ComponentView, 'type'>,
  form: Form,
): {
  input: ComponentInput;
  values: ComponentFormValues;
  mask: ComponentField[];
  errors: Partial<Record<ComponentFormField, string>>;
} {
  const mask = componentFormFields(component);
  const values: ComponentFormValues = Object.fromEntries(mask.map((f) => [f, form[f] ?? '']));
  const input: ComponentInput = { name: values.name, description: values.description };
  const errors: Partial<Record<ComponentFormField, string>> = {};
  if (component.type === 'monitor') {
    const minutes = (values.autoIncidentAfterMinutes ?? '').trim();
    if (!/^\d{1,6}$/.test(minutes)) errors.autoIncidentAfterMinutes = 'must be a whole number of minutes';
    Object.assign(input, {
      // The verb refuses a mode it does not know, naming the field.
      autoIncident: values.autoIncident as ComponentInput['autoIncident'],
      autoIncidentAfterMinutes: Number(minutes),
      autoIncidentNotify: values.autoIncidentNotify === CHECKED,
      autoIncidentTitle: values.autoIncidentTitle,
      autoIncidentMessage: values.autoIncidentMessage,
      autoResolve: values.autoResolve === CHECKED,
    });
  }
  return { input, values, mask, errors };
}
