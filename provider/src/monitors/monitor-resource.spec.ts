import { create } from '@bufbuild/protobuf';
import { MonitorSchema } from '@uptime/proto/gen/monitor/v1/monitor_service_pb.js';
import { wrongKind } from './monitor-resource';

const spec = { kind: 'http', typeName: 'service_http_monitor' } as const;

describe(wrongKind.name, () => {
  it('names the resource that manages the kind found, with the right article', () => {
    const icmp = create(MonitorSchema, { config: { case: 'icmp', value: { id: '12' } } });
    const tcp = create(MonitorSchema, { config: { case: 'tcp', value: { id: '12' } } });
    expect(wrongKind('12', spec, icmp, true).message).toBe(
      'monitor 12 is an ICMP monitor; import it as service_icmp_monitor',
    );
    expect(wrongKind('12', spec, tcp, false).message).toBe(
      'monitor 12 is a TCP monitor; manage it as service_tcp_monitor',
    );
  });

  it('says that gRPC monitors have no resource', () => {
    const grpc = create(MonitorSchema, { config: { case: 'grpc', value: { id: '3' } } });
    expect(wrongKind('3', spec, grpc, true).message).toBe(
      'monitor 3 is a gRPC monitor; gRPC monitors have no Terraform resource; manage them through the RPC API',
    );
  });
});
