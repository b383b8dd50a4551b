import { renderTemplate, unknownPlaceholder } from './auto-incident-template';

describe('auto-incident templates', () => {
  const values = { component: 'API', monitor: 'api-health', since: '2026-01-02 03:04 UTC', page: 'Acme' };

  it('replaces every known placeholder, spaces inside the braces allowed', () => {
    expect(renderTemplate('{{component}} ({{ monitor }}) on {{page}} since {{since}}; {{component}}', values)).toBe(
      'API (api-health) on Acme since 2026-01-02 03:04 UTC; API',
    );
  });

  it('names the first unknown placeholder, and accepts text without any', () => {
    expect(unknownPlaceholder('{{component}} is {{status}} since {{when}}')).toBe('status');
    expect(unknownPlaceholder('{{ page }} is fine')).toBeNull();
    expect(unknownPlaceholder('no placeholders, a lone { brace }')).toBeNull();
  });

  it('does not render a value as a template: a name with braces stays as it is', () => {
    expect(renderTemplate('{{component}}', { ...values, component: '{{page}}' })).toBe('{{page}}');
  });
});
