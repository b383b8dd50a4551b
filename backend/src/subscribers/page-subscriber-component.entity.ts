import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PageComponentEntity } from '../status-pages/page-component.entity';
import { PageSubscriberEntity } from './page-subscriber.entity';

/**
 * The components a subscriber chose on the subscribe form. No row for a subscriber means every
 * component: a report or maintenance reaches them whatever it touches.
 */
@Entity('page_subscriber_components')
export class PageSubscriberComponentEntity {
  @PrimaryColumn({ type: 'bigint' })
  subscriberId!: string;

  @Index('ix_page_subscriber_components_component')
  @PrimaryColumn({ type: 'bigint' })
  componentId!: string;

  @ManyToOne(() => PageSubscriberEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscriber_id' })
  subscriber?: PageSubscriberEntity;

  @ManyToOne(() => PageComponentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'component_id' })
  component?: PageComponentEntity;
}
