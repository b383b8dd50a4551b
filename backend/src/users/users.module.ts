import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { OAuthGrantsModule } from '../oauth/oauth-grants.module';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  // Removing a member revokes their OAuth grants in the same transaction (and flushes cached tokens).
  imports: [OAuthGrantsModule, ApiKeysModule],
  providers: [UsersRepository, UsersService],
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}
