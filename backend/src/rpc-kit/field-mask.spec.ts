import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { ValidationError } from '../common/errors';
import { maskFields } from './field-mask';

const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });
const PATHS = { name: 'name', monitor_ids: 'monitorIds', service: 'grpc', tls: 'grpc' } as const;

describe(maskFields.name, () => {
  it('answers undefined when no mask or an empty one was sent', () => {
    expect(maskFields(undefined, PATHS)).toBeUndefined();
    expect(maskFields(mask(), PATHS)).toBeUndefined();
  });

  it('maps proto paths to domain fields, each once', () => {
    expect(maskFields(mask('monitor_ids', 'service', 'tls', 'name'), PATHS)).toEqual(['monitorIds', 'grpc', 'name']);
  });

  it.each(['monitorIds', 'unknown', 'constructor', '__proto__', 'toString'])('refuses %s, naming it', (path) => {
    expect(() => maskFields(mask(path), PATHS)).toThrow(
      new ValidationError(`updateMask: ${path} is not an updatable field`),
    );
  });

  it('takes a function for paths a table cannot list', () => {
    const nested = (path: string) => (path.startsWith('slack.') ? path : undefined);
    expect(maskFields(mask('slack.webhook_url'), nested)).toEqual(['slack.webhook_url']);
    expect(() => maskFields(mask('email.to'), nested)).toThrow('updateMask: email.to is not an updatable field');
  });
});
