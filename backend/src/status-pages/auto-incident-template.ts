// The title and message templates of a component's auto-incident (page-component.entity.ts): checked
// here when the component is saved, so what the sweeper renders (auto-incidents/) never meets a
// placeholder it does not know.

/** What a template may name, each between double braces: `{{component}} is down`. */
export const AUTO_INCIDENT_PLACEHOLDERS = ['component', 'monitor', 'since', 'page'] as const;
export type AutoIncidentPlaceholder = (typeof AUTO_INCIDENT_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The first placeholder a template names that is not one of AUTO_INCIDENT_PLACEHOLDERS, or null. */
export function unknownPlaceholder(template: string): string | null {
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(AUTO_INCIDENT_PLACEHOLDERS as readonly string[]).includes(name)) return name;
  }
  return null;
}

export const PLACEHOLDER_REFUSAL = `may only use the placeholders ${AUTO_INCIDENT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`;

/** The template with each placeholder replaced by its value (plain text; pages escape it as any report's text). */
export function renderTemplate(template: string, values: Record<AutoIncidentPlaceholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as AutoIncidentPlaceholder] : whole,
  );
}
