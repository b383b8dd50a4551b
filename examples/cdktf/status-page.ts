// A public status page whose components are grouped: two monitored services under "Website", and a
// static component (no monitor behind it) under "Support".
import { TerraformOutput, TerraformStack } from 'cdktf';
import { type Construct } from 'constructs';
import { HttpMonitor, ServiceProvider, StatusPage, StatusPageComponent, StatusPageComponentGroup } from '@uptime/cdktf';

export function statusPageStack(scope: Construct, id = 'status-page'): TerraformStack {
  const stack = new TerraformStack(scope, id);
  // The provider reads SERVICE_API_TOKEN and SERVICE_BASE_URL when terraform runs.
  new ServiceProvider(stack, 'service');

  const web = new HttpMonitor(stack, 'web', {
    name: 'Web front end',
    url: 'http://127.0.0.1:8080/',
    periodicity: '5m',
    active: false,
  });
  const api = new HttpMonitor(stack, 'api', {
    name: 'Public API',
    url: 'http://127.0.0.1:8081/health',
    periodicity: '5m',
    active: false,
  });

  const page = new StatusPage(stack, 'page', {
    title: 'Example status',
    // Part of the page's public URL, so unique across the installation.
    slug: 'example-status',
    description: 'Current state of the example website and API.',
  });

  const website = new StatusPageComponentGroup(stack, 'website', { pageId: page.id, name: 'Website' });
  const support = new StatusPageComponentGroup(stack, 'support', { pageId: page.id, name: 'Support' });

  // Components show a monitor's status; order places them on the page and groupOrder inside a group.
  [web, api].forEach((monitor, i) => {
    new StatusPageComponent(stack, `component-${i}`, {
      pageId: page.id,
      type: 'monitor',
      monitorId: monitor.id,
      name: monitor.name,
      groupId: website.id,
      order: 1,
      groupOrder: i + 1,
    });
  });
  new StatusPageComponent(stack, 'helpdesk', {
    pageId: page.id,
    type: 'static',
    name: 'Help desk',
    description: 'Answered on working days.',
    groupId: support.id,
    order: 2,
    groupOrder: 1,
  });

  new TerraformOutput(stack, 'page_id', { value: page.id });
  return stack;
}
