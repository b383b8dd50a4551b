import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { OAuthClientEntity } from './oauth.entities';

@Injectable()
export class OAuthClientsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  insert(
    values: Pick<OAuthClientEntity, 'clientId' | 'clientName' | 'redirectUris' | 'metadata'>,
  ): Promise<OAuthClientEntity> {
    const repo = this.db.repo(OAuthClientEntity);
    return repo.save(repo.create(values));
  }

  findByClientId(clientId: string): Promise<OAuthClientEntity | null> {
    return this.db.repo(OAuthClientEntity).findOneBy({ clientId });
  }
}
