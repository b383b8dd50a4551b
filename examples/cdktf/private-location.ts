// A private location (an agent you run in your own network) with the monitors it runs. The agent's
// token is a sensitive output: `terraform output -raw agent_token` prints it for the agent's config.
import { TerraformOutput, TerraformStack } from 'cdktf';
import { type Construct } from 'constructs';
import { HttpMonitor, PrivateLocation, ServiceProvider, TcpMonitor } from '@uptime/cdktf';

export function privateLocationStack(scope: Construct, id = 'private-location'): TerraformStack {
  const stack = new TerraformStack(scope, id);
  // The provider reads SERVICE_API_TOKEN and SERVICE_BASE_URL when terraform runs.
  new ServiceProvider(stack, 'service');

  const intranet = new HttpMonitor(stack, 'intranet', {
    name: 'Intranet wiki',
    url: 'http://127.0.0.1:8090/',
    periodicity: '5m',
    active: false,
  });
  const printer = new TcpMonitor(stack, 'printer', {
    name: 'Print server',
    uri: '127.0.0.1:631',
    periodicity: '10m',
    active: false,
  });

  // The location owns the link: its monitorIds decide which monitors the agent runs.
  const office = new PrivateLocation(stack, 'office', {
    name: 'Office network',
    metadata: { site: 'office', rack: 'r1' },
    monitorIds: [intranet.id, printer.id],
  });

  new TerraformOutput(stack, 'private_location_id', { value: office.id });
  new TerraformOutput(stack, 'agent_token', { value: office.token, sensitive: true });
  return stack;
}
