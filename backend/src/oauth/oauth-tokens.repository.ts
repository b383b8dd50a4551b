import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { OAuthTokenEntity } from './oauth.entities';

@Injectable()
export class OAuthTokensRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** The access token with this hash, with its grant and the grant's workspace. */
  findAccessToken(tokenHash: string): Promise<OAuthTokenEntity | null> {
    return this.db.repo(OAuthTokenEntity).findOne({
      where: { tokenHash, kind: 'access' },
      relations: { grant: { workspace: true } },
    });
  }
}
