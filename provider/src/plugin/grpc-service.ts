// grpc-js service definitions from the protobuf-es descriptors of src/gen, so the plugin serves the
// generated tfplugin6 messages without a second code generator. Methods without a handler answer an
// empty response (no diagnostics), which terraform treats as "nothing to do".
import { create, fromBinary, toBinary, type DescService, type Message } from '@bufbuild/protobuf';
import type {
  MethodDefinition,
  sendUnaryData,
  ServerUnaryCall,
  ServiceDefinition,
  UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { status } from '@grpc/grpc-js';

export type UnaryHandler = (request: never) => unknown;

export function serviceDefinition(service: DescService): ServiceDefinition {
  const definition: Record<string, MethodDefinition<Message, Message>> = {};
  for (const method of service.methods) {
    definition[method.name] = {
      path: `/${service.typeName}/${method.name}`,
      requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
      responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
      requestSerialize: (message: Message) => Buffer.from(toBinary(method.input, message)),
      requestDeserialize: (bytes: Buffer) => fromBinary(method.input, bytes),
      responseSerialize: (message: Message) => Buffer.from(toBinary(method.output, message)),
      responseDeserialize: (bytes: Buffer) => fromBinary(method.output, bytes),
    };
  }
  return definition;
}

/** Unary handlers by method local name (e.g. `getProviderSchema`); every other unary method answers empty. */
export function implementation(
  service: DescService,
  handlers: Record<string, UnaryHandler>,
): UntypedServiceImplementation {
  const impl: UntypedServiceImplementation = {};
  for (const method of service.methods) {
    if (method.methodKind !== 'unary') {
      impl[method.name] = (call: {
        end?: () => void;
        emit?: (e: string, err: unknown) => void;
        destroy?: (err: Error) => void;
      }) => {
        call.destroy?.(
          Object.assign(new Error(`${method.name} is not supported by this provider`), { code: status.UNIMPLEMENTED }),
        );
      };
      continue;
    }
    const handler = handlers[method.localName];
    impl[method.name] = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      Promise.resolve()
        .then(() => (handler ? handler(call.request as never) : create(method.output)))
        .then(
          (response) => callback(null, response),
          (error: unknown) =>
            callback({ code: status.INTERNAL, details: error instanceof Error ? error.message : String(error) }),
        );
    };
  }
  return impl;
}
