import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { SecretBox } from '../common/crypto';
import { resolveSecretKey, type AppConfig } from './config';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');

/** Configuration, the logger and the secret box, provided to the whole application. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: SecretBox, useFactory: () => new SecretBox(resolveSecretKey(config)) },
      ],
      exports: [APP_CONFIG, LOGGER, SecretBox],
    };
  }
}
