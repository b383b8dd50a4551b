import { Module } from '@nestjs/common';
import { MemberRemovalModule } from './member-removal';
import { UsersRepository } from './users.repository';
import { USERS_PORT } from './users.port';
import { UsersService } from './users.service';

@Module({
  // Removing a member ends what other modules hold for them (OAuth grants) through their hooks.
  imports: [MemberRemovalModule],
  providers: [{ provide: USERS_PORT, useExisting: UsersRepository }, UsersRepository, UsersService],
  exports: [UsersService, USERS_PORT],
})
export class UsersModule {}
